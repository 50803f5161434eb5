/**
 * Where a request came from (issue 31; columns of 20261127000500_lead_origin.sql), decided here, server-side, by
 * the form functions: never trusted further than a column's limit, never refusing a post (a visitor cannot put an
 * origin right, so a bad value is dropped, not reported), never sent to analytics.
 *
 * What arrives: with JavaScript on, the form script (src/forms/enhance.ts) sends the visit's first page that ran
 * it (or the same-site page the visitor came from to it) as `landing_page`, and the external site that sent the
 * visitor as `referrer_host`. With JavaScript off, the browser's Referer of the post is the form page's own
 * address (pages with a form ask for the full address to be sent: renderer/document.tsx), and without one the
 * form's hidden `page` field. The campaign tags (utm_*, gclid) are read from that page's query; the landing page
 * keeps its path and those tags only (any other query parameter may carry anything, an e-mail address included).
 * Web-standard APIs only (Deno and Node).
 */

/** The fields the form script adds to a post. */
export const ORIGIN_FIELDS = { landingPage: 'landing_page', referrerHost: 'referrer_host' } as const;

/** The campaign tags read from the landing page's query, in the order the landing page keeps them. */
export const CAMPAIGN_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'] as const;
type CampaignTag = (typeof CAMPAIGN_TAGS)[number];

/** The columns' limits (the migration's checks). */
export const ORIGIN_LIMITS = { landingPage: 300, host: 253, tag: 100, gclid: 200, source: 100 } as const;

/** The origin columns of a stored request: null when not known (and on rows stored before they were asked). */
export type LeadOrigin = { landing_page: string | null; referrer_host: string | null; source: string | null } & Record<CampaignTag, string | null>;

/** Printable characters only, outer spaces gone, at most `max` characters; '' becomes null. */
function tagValue(value: string | null, max: number): string | null {
  if (value === null) return null;
  const clean = value
    // A line break or tab separates words; other invisible characters (controls, zero-width) are dropped.
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .replace(/\p{C}/gu, '')
    .trim();
  return clean === '' ? null : [...clean].slice(0, max).join('');
}

/** A host name as DNS writes it, lowercased ('www.Google.com' -> 'www.google.com'), or null for anything else. */
export function cleanHost(value: string | null | undefined): string | null {
  const host = (value ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > ORIGIN_LIMITS.host) return null;
  return /^(?=.*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host) ? host : null;
}

/**
 * A page of the site as the form script or the Referer gives it ('/services/x?utm_source=a', or a whole URL of an
 * allowed origin): its path and campaign tags. Undefined when it is not a page of the site.
 */
export function pageOf(value: string | null | undefined, allowOrigin: (origin: string) => boolean): URL | undefined {
  if (!value) return undefined;
  const text = value.trim();
  try {
    if (text.startsWith('/') && !text.startsWith('//')) return new URL(text, 'http://site.invalid');
    const url = new URL(text);
    return allowOrigin(url.origin) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The name reports and filters group by (the contract of issue 31): utm_source, 'google-ads', the referring host, 'direct'. */
export function sourceOf(origin: Pick<LeadOrigin, 'utm_source' | 'gclid' | 'referrer_host'>): string {
  // Cut by characters, as the column counts them: a cut by UTF-16 units may split an emoji, leaving half of it, which
  // PostgreSQL refuses as text (the insert fails and the request is lost).
  if (origin.utm_source) return [...origin.utm_source.toLowerCase()].slice(0, ORIGIN_LIMITS.source).join('');
  if (origin.gclid) return 'google-ads';
  if (origin.referrer_host) return origin.referrer_host.replace(/^www\./, '');
  return 'direct';
}

export interface OriginInput {
  /** The post's fields. */
  form: FormData;
  /** The post's Referer header (the form page's address when JavaScript is off). */
  referer: string | null;
  /** The form's hidden page field, already checked ('/contact'), or ''. */
  page: string;
  /** The site's origins: only their pages are landing pages. */
  allowOrigin: (origin: string) => boolean;
}

/** The cleaned origin of a post and its source. */
export function leadOrigin({ form, referer, page, allowOrigin }: OriginInput): LeadOrigin {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  // A Referer of the origin alone says nothing of the page (a strict Referrer-Policy sends only that): the page field does.
  const fromReferer = pageOf(referer, allowOrigin);
  const told = fromReferer && (fromReferer.pathname !== '/' || fromReferer.search !== '') ? fromReferer : undefined;
  const landing = pageOf(field(ORIGIN_FIELDS.landingPage), allowOrigin) ?? told ?? pageOf(page, allowOrigin);
  const tags = Object.fromEntries(
    CAMPAIGN_TAGS.map((tag) => [tag, tagValue(landing?.searchParams.get(tag) ?? null, tag === 'gclid' ? ORIGIN_LIMITS.gclid : ORIGIN_LIMITS.tag)]),
  ) as Record<CampaignTag, string | null>;
  let landingPage: string | null = null;
  if (landing) {
    const kept = new URLSearchParams();
    for (const tag of CAMPAIGN_TAGS) if (tags[tag] !== null) kept.set(tag, tags[tag]!);
    const query = kept.toString();
    landingPage = `${landing.pathname}${query ? `?${query}` : ''}`.slice(0, ORIGIN_LIMITS.landingPage);
  }
  // The site itself is no referrer (the script sends external hosts only; a post made up by hand may not).
  const host = cleanHost(field(ORIGIN_FIELDS.referrerHost));
  const referrerHost = host && !allowOrigin(`https://${host}`) && !allowOrigin(`http://${host}`) ? host : null;
  const origin = { landing_page: landingPage, referrer_host: referrerHost, ...tags };
  return { ...origin, source: sourceOf(origin) };
}

/**
 * The answer to "How did you hear about us?": a code the form offers (content), or null. An optional question that
 * only marketing reads never refuses a request: a code no longer offered (a page opened before the content changed)
 * or made up is stored as no answer.
 */
export function heardAboutOf(form: FormData, choices: ReadonlyArray<{ code: string }>): string | null {
  const value = form.get('heard_about');
  return typeof value === 'string' && choices.some((choice) => choice.code === value) ? value : null;
}

/** Every origin column of a stored request: the origin, its source, and how the visitor heard of the agency. */
export function originColumns(input: OriginInput & { heardAbout: ReadonlyArray<{ code: string }> }): LeadOrigin & { heard_about: string | null } {
  return { ...leadOrigin(input), heard_about: heardAboutOf(input.form, input.heardAbout) };
}
