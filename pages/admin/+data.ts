import type { PageMeta } from '../../src/seo/head.ts';

export function data() {
  const meta: PageMeta = {
    title: 'Staff dashboard',
    description: 'Staff sign-in to review the job applications and contact requests sent from the site. Not for the public.',
    keywords: [],
    path: '/admin',
    noindex: true,
  };
  return { meta };
}
