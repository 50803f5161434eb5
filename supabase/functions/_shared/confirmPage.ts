/**
 * The page a form function answers a browser's plain post without the form's time token with (DESIGN.md decision
 * 26): JavaScript was off, so nothing vouched for a person. The request is already stored, held under Spam; the page
 * says so in plain words, shows what the person wrote so they recognise it, and offers one button that posts back to
 * the same function with a fresh time token and the signed reference to the held record. That press makes it a real
 * request (formFunction.ts). A script that never presses leaves it where it is.
 *
 * The page is the answer to a POST, which Supabase serves as the function wrote it (only a GET's HTML is rewritten
 * to text/plain on supabase.co). It needs no script, no picture and no file of the site: its style is inline,
 * allowed by its hash in the page's own Content-Security-Policy, and it posts only to the function itself.
 */
import { CONFIRM_FIELDS, FORM_GUARD } from './formPost.ts';
import { escapeHtml } from './mail.ts';

/** One line of what the person wrote: "Name", "Maria Gonzalez". */
export interface SummaryLine {
  label: string;
  value: string;
}

export interface ConfirmPage {
  /** The agency's name (site.yaml), at the top of the page and in its title. */
  agency: string;
  /** What was sent, in the visitor's words: 'request' or 'application'. */
  noun: 'request' | 'application';
  /** The site the person came from: the link back, and where the press sends them on to (the thank-you page). */
  site: string;
  /** The signed reference to the held record (formPost.ts, signHeldReference). */
  reference: string;
  /** A fill-time token issued as the page is made (formPost.ts, issueFillToken). */
  token: string;
  /** What the person wrote, shortened; every value is escaped here. */
  summary: ReadonlyArray<SummaryLine>;
  /** The button was pressed too soon (MIN_CONFIRM_MS): the page asks for one more press. */
  again?: boolean;
}

/**
 * The site's colours (src/theme.ts: ink, muted, paper, sand, line, brand, brandDark, focus): ink on paper 13.9:1,
 * muted on sand 6.5:1, white on brand 7.3:1, the focus outline 6.2:1 on white. tests/unit/confirmWithoutScript.test.ts
 * checks they are still the theme's.
 */
export const PAGE_COLOURS = {
  ink: '#1d2a33',
  muted: '#4a5a66',
  paper: '#fffdf9',
  sand: '#f6f0e6',
  line: '#e3dacb',
  brand: '#0d5c57',
  brandDark: '#08403c',
  focus: '#1a56db',
} as const;

const c = PAGE_COLOURS;
/** The page's only style: one block, allowed by its hash (no 'unsafe-inline'). */
export const PAGE_STYLE = [
  `*,*::before,*::after{box-sizing:border-box}`,
  `html{-webkit-text-size-adjust:100%}`,
  `body{margin:0;background:${c.paper};color:${c.ink};font:1.0625rem/1.6 "Atkinson Hyperlegible",system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}`,
  `header{border-bottom:1px solid ${c.line};background:#fff}`,
  `header p,main{max-width:40rem;margin:0 auto;padding:1rem clamp(1rem,4vw,2rem)}`,
  `header p{font-weight:700;font-size:1.125rem}`,
  `main{padding-top:2rem;padding-bottom:3rem}`,
  `h1{font-family:Fraunces,Georgia,"Iowan Old Style","Times New Roman",serif;font-size:clamp(1.75rem,6vw,2.25rem);line-height:1.2;margin:0 0 1rem}`,
  `h2{font-size:1.125rem;margin:0 0 .5rem}`,
  `p{margin:0 0 1rem}`,
  `.again{border-left:4px solid ${c.brand};background:#fff;padding:.75rem 1rem}`,
  `section{background:${c.sand};border:1px solid ${c.line};border-radius:14px;padding:1rem 1.25rem;margin:1.5rem 0}`,
  `dl{margin:0}`,
  `dt{font-weight:700;color:${c.muted};font-size:.9375rem}`,
  `dd{margin:0 0 .75rem;overflow-wrap:anywhere;white-space:pre-line}`,
  `dd:last-child{margin-bottom:0}`,
  `button{font:inherit;font-weight:700;min-height:48px;width:100%;max-width:22rem;padding:.75rem 1.5rem;border:0;border-radius:999px;background:${c.brand};color:#fff;cursor:pointer}`,
  `button:hover{background:${c.brandDark}}`,
  `a{color:${c.brand};text-underline-offset:.15em}`,
  `a:hover{color:${c.brandDark}}`,
  `button:focus-visible,a:focus-visible{outline:3px solid ${c.focus};outline-offset:3px}`,
  `.back{margin-top:2rem}`,
].join('\n');

let styleHash: Promise<string> | undefined;
/** The CSP source of PAGE_STYLE: 'sha256-<base64>'. */
export function pageStyleSource(): Promise<string> {
  styleHash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_STYLE)).then((digest) => {
    let binary = '';
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `'sha256-${btoa(binary)}'`;
  });
  return styleHash;
}

/**
 * The page's own policy: nothing loads (no script, picture, font or frame), its one style block by hash, and its form
 * posts only to the function itself, or follows the function's redirect to the site's thank-you page.
 */
export async function confirmPagePolicy(site: string): Promise<string> {
  return [`default-src 'none'`, `style-src ${await pageStyleSource()}`, `form-action 'self' ${site}`, `base-uri 'none'`, `frame-ancestors 'none'`].join('; ');
}

/** The first `words` words of a text, with "…" when there were more. */
export function firstWords(text: string, words = 30): string {
  const all = text.trim().split(/\s+/).filter((word) => word !== '');
  return all.length > words ? `${all.slice(0, words).join(' ')} …` : all.join(' ');
}

/** The page's HTML. */
export function confirmPageHtml(page: ConfirmPage): string {
  const e = escapeHtml;
  const title = `One more step: send your ${page.noun}`;
  const summary = page.summary.filter((line) => line.value.trim() !== '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} | ${e(page.agency)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header><p>${e(page.agency)}</p></header>
<main>
<h1>${e(title)}</h1>
${page.again ? `<p class="again"><strong>Your ${page.noun} is not sent yet.</strong> Please press the button once more.</p>\n` : ''}<p>We have your ${page.noun}, but it is not sent yet: it waits with us until you press the button below. Your browser has JavaScript turned off, so this one step shows us that a person sent it, not a machine.</p>
<section aria-labelledby="written">
<h2 id="written">What you wrote</h2>
<dl>
${summary.map((line) => `<dt>${e(line.label)}</dt><dd>${e(line.value)}</dd>`).join('\n')}
</dl>
</section>
<form method="post">
<input type="hidden" name="${CONFIRM_FIELDS.reference}" value="${e(page.reference)}">
<input type="hidden" name="${FORM_GUARD.fillToken}" value="${e(page.token)}">
<input type="hidden" name="${CONFIRM_FIELDS.site}" value="${e(page.site)}">
<button type="submit">Send my ${page.noun}</button>
</form>
<p class="back"><a href="${e(page.site)}/">Back to the ${e(page.agency)} website</a> (your ${page.noun} then stays unsent).</p>
</main>
</body>
</html>
`;
}
