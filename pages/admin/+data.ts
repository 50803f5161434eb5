import type { PageMeta } from '../../src/seo/head.ts';

export function data() {
  const meta: PageMeta = {
    title: 'Job Applications (staff)',
    description: 'Staff sign-in to review job applications sent from the careers page. Not for the public.',
    keywords: [],
    path: '/admin',
    noindex: true,
  };
  return { meta };
}
