/**
 * The data of the pages a form leads to, for their +data.ts: the thank-you page (the function's 303, or the
 * enhanced form's redirect) and the not-sent page (a refusal with JavaScript off). Both kept out of search
 * engines; the reply promise and the phone come from site.yaml.
 */
import { getContent } from '../content/getContent.ts';
import { siteOrigin } from '../env.ts';
import type { PageMeta } from '../seo/head.ts';
import { type BreadcrumbSection, breadcrumbJsonLd } from '../seo/jsonLd.ts';

/** Their head: kept out of search engines, with the trail from its form's page (/careers/thanks: Home > Careers > ...). */
function unlisted(copy: { meta: { title: string; description: string } }, path: string, siteUrl: string): PageMeta {
  const section = path.slice(0, path.lastIndexOf('/')) as BreadcrumbSection;
  const jsonLd = [breadcrumbJsonLd(section, { name: copy.meta.title, path }, siteOrigin(siteUrl))];
  return { ...copy.meta, keywords: [], path, noindex: true, jsonLd };
}

export async function thanksPageData(name: 'careers-thanks' | 'contact-thanks', path: string) {
  const content = await getContent();
  const copy = content.pages[name];
  // An applicant is told what the reply to applicants says and given the recruiting line; a family, the reply promise and the agency's line.
  const careers = name === 'careers-thanks';
  const replyPromise = careers ? content.replies.acknowledgement.applicationNext.replace(/\.$/, '') : content.site.claims.replyPromise;
  return { meta: unlisted(copy, path, content.site.siteUrl), copy, phone: careers ? content.site.recruitingPhone : content.site.phone, replyPromise };
}

export type ThanksPageData = Awaited<ReturnType<typeof thanksPageData>>;

/** @param back the page of the form, linked at the foot ('/careers', '/contact'). */
export async function notSentPageData(name: 'careers-not-sent' | 'contact-not-sent', path: string, back: string) {
  const content = await getContent();
  const copy = content.pages[name];
  return { meta: unlisted(copy, path, content.site.siteUrl), copy, phone: content.site.phone, back };
}

export type NotSentPageData = Awaited<ReturnType<typeof notSentPageData>>;
