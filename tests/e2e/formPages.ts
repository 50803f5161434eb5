/**
 * What the browser tests of the two public forms (apply.spec.ts, inquiry.spec.ts) share: opening a form as a
 * person would (not as fast as a bot), the contact form's consent box and the consent of a request a test stores
 * itself, axe's serious findings, and the pages a form leads to.
 */
import AxeBuilder from '@axe-core/playwright';
import { request as httpRequest } from 'node:http';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Content } from '../../src/content/content.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';

/**
 * The functions file a post made less than MIN_FILL_MS after its fill-time token was issued (a script's speed) as
 * suspected spam. A person takes longer than a test: the page is opened, and the test goes on once the form has held
 * its token (which the form script asks for as the page starts) for 600 ms, about the quickest a person fills a form.
 */
export async function openAsAPersonWould(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-site-form]')];
    return forms.length > 0 && forms.every((form) => form.dataset.tokenAt !== undefined && performance.now() - Number(form.dataset.tokenAt) >= 600);
  });
}

/**
 * The contact form's consent box, named by its words (content/inquiry-form.yaml): a request is sent only with it
 * ticked. Every test that sends the form ticks it, as a family must.
 */
export function consentBox(form: Locator): Locator {
  return form.getByRole('checkbox', { name: inquiryChoices.consent.text, exact: true });
}

/** The consent columns of a request a test stores itself (service role): the database refuses one without them. */
export function consentGiven() {
  return { consent_version: inquiryChoices.consent.version, consented_at: new Date().toISOString() };
}

/** axe's serious and critical findings on the page, or on the part `include` selects. */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A thank-you page: what happens next, the reply promise and the phone number, kept out of search engines, axe. */
export async function expectThanksPage(page: Page, content: Content, form: 'careers' | 'contact') {
  const copy = content.pages[`${form}-thanks`];
  // An applicant is given what the reply to applicants says and the recruiting line; a family, the reply promise and the agency's line.
  const phone = form === 'careers' ? content.site.recruitingPhone : content.site.phone;
  const promise = form === 'careers' ? content.replies.acknowledgement.applicationNext.replace(/\.$/, '') : content.site.claims.replyPromise;
  await page.goto(`/${form}/thanks`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.hero.title);
  await expect(page.locator('#next li')).toHaveText(copy.next.steps);
  await expect(page.locator('main').getByText(promise)).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${phone.display}` })).toHaveAttribute('href', `tel:${phone.e164}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * A not-sent page: the reason its address names (the page stays at its top), or a general one, the way back
 * to the form, the phone number, kept out of search engines, axe with and without a reason.
 */
export async function expectNotSentPage(page: Page, content: Content, form: 'careers' | 'contact') {
  const copy = content.pages[`${form}-not-sent`];
  const phone = content.site.phone;
  const reasons = Object.entries(copy.reasons);
  for (const [reason, notice] of reasons) {
    await page.goto(`/${form}/not-sent#${reason}`);
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(notice.heading);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/${form}/not-sent`);
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(copy.unknown.heading);
  await expect(page.getByText(copy.goBack)).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${phone.display}` })).toHaveAttribute('href', `tel:${phone.e164}`);
  await expect(page.getByRole('link', { name: copy.backLink })).toHaveAttribute('href', `/${form}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * Sends the page's posts to the form functions from a loopback address of their own (127.x.y.z), exactly as the
 * browser made them (headers, Referer included, and body). The functions store 5 requests an hour per client
 * address and the other browser tests use up 127.0.0.1's; a test that must see its request stored posts this way.
 */
export async function postFromOwnAddress(page: Page, functionUrl = /^https?:\/\/[^/]+\/functions\/v1\/submit-(inquiry|application)$/): Promise<void> {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  const ownAddress = `127.${octet()}.${octet()}.${1 + octet()}`;
  await page.route(functionUrl, async (route) => {
    const sent = route.request();
    if (sent.method() !== 'POST') return route.continue();
    const url = new URL(sent.url());
    const headers = await sent.allHeaders();
    const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, localAddress: ownAddress }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end(sent.postDataBuffer() ?? Buffer.alloc(0));
    });
    await route.fulfill(answer);
  });
}
