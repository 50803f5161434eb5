/**
 * Where a request came from (issue 31), as a family's visit makes it: arriving on a service page from a
 * newsletter's link (?utm_source=newsletter&utm_campaign=fall), going on to the contact form and sending it with an
 * answer to "How did you hear about us?", with JavaScript on (the form script carries the visit's first page) and
 * off (the form page's own address reaches the function as the post's Referer); then staff find the source in the
 * record's dialog, filter the list by it, and find the request by its phone number typed as digits alone.
 * The function stores 5 requests an hour per client address and the other browser tests use up 127.0.0.1's, so
 * this file's posts are passed on unchanged from a loopback address of their own (formPages.ts postFromOwnAddress).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { consentBox, postFromOwnAddress } from './formPages.ts';
import { service, showStage, signIn } from './dashboard.ts';
import { MIN_CONFIRM_MS } from '../../supabase/functions/_shared/formPost.ts';

const content = await loadContent();
const SERVICE = `/${content.services[0]!.slug}`;
const CAMPAIGN = 'utm_source=newsletter&utm_campaign=fall';
const HEARD = content.inquiryForm.heardAbout!.find((choice) => choice.code === 'discharge-planner')!;

test.describe.configure({ mode: 'serial' });

async function fillAndSend(page: Page, name: string, phone: string) {
  const form = page.locator('#inquiry-form');
  await form.getByLabel('Your name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByRole('radio', { name: 'A parent' }).check();
  await form.getByLabel('How did you hear about us? (optional)').selectOption({ label: HEARD.label });
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  // With JavaScript off the function first asks the family to confirm on a page of its own (noScript.spec.ts).
  await expect(page).toHaveURL(/\/contact\/thanks$|\/functions\/v1\/submit-inquiry$/);
  if (!page.url().endsWith('/contact/thanks')) {
    await page.waitForTimeout(MIN_CONFIRM_MS + 250);
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page).toHaveURL('/contact/thanks');
  }
}

async function originOf(name: string) {
  const { data, error } = await service().from('inquiries').select('source, heard_about, landing_page, utm_source, utm_campaign, referrer_host, spam_reason').eq('name', name).single();
  expect(error).toBeNull();
  return data!;
}

const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const withScript = { name: `Rosa Lead-${unique}`, phone: '(860) 555-0199' };
const withoutScript = { name: `Ruth Lead-${unique}`, phone: '860.555.0198' };

test('with JavaScript on, a visit that began on a service page from a newsletter keeps that page and campaign, and the answer', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  await postFromOwnAddress(page);
  await page.goto(`${SERVICE}?${CAMPAIGN}`);
  // A service page has no form, so no script: nothing is kept until the contact page runs one.
  expect(await page.locator('script[src]').count()).toBe(0);
  await page.getByRole('link', { name: 'Schedule Consultation' }).click();
  await expect(page).toHaveURL(`/contact/for${SERVICE}`);
  // As a person, not a bot: the form has held its time token a moment.
  await page.waitForFunction(() => {
    const form = document.querySelector<HTMLFormElement>('#inquiry-form');
    return form?.dataset.tokenAt !== undefined && performance.now() - Number(form.dataset.tokenAt) >= 600;
  });
  // Never a cookie.
  expect(await page.context().cookies()).toEqual([]);
  await fillAndSend(page, withScript.name, withScript.phone);
  expect(await originOf(withScript.name)).toEqual({
    source: 'newsletter',
    heard_about: HEARD.code,
    landing_page: `${SERVICE}?${CAMPAIGN}`,
    utm_source: 'newsletter',
    utm_campaign: 'fall',
    referrer_host: null,
    spam_reason: null,
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a post from a page whose address carries the campaign is stored with it', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
    await postFromOwnAddress(page);
    await page.goto(`/contact?${CAMPAIGN}`);
    await fillAndSend(page, withoutScript.name, withoutScript.phone);
    expect(await originOf(withoutScript.name)).toMatchObject({ source: 'newsletter', heard_about: HEARD.code, landing_page: `/contact?${CAMPAIGN}`, utm_campaign: 'fall' });
  });
});

test('staff see the source in the dialog, filter the list by it, and find a phone typed as digits', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=inquiries');
  await expect(page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ })).toBeVisible();
  await showStage(page, 'inquiries', 'All');
  const source = page.getByRole('combobox', { name: 'Source', exact: true });
  await source.selectOption({ label: 'newsletter' });
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: withScript.name })).toHaveCount(1);
  await expect(rows.filter({ hasText: withoutScript.name })).toHaveCount(1);
  // Every record shown came from the newsletter: the demo's requests have no source.
  const { count } = await service().from('inquiries').select('*', { count: 'exact', head: true }).eq('source', 'newsletter');
  await expect(page.getByRole('heading', { name: `Contact requests (${count})` })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);

  // The phone as digits alone finds "(860) 555-0199".
  await page.getByLabel('Search inquiries').fill('8605550199');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(withScript.name);
  await page.getByRole('button', { name: `View details of ${withScript.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: withScript.name });
  const detail = (term: string) => dialog.locator('dt', { hasText: term }).locator('+ dd');
  await expect(detail('Source')).toHaveText('newsletter');
  await expect(detail('How they heard of us')).toHaveText(HEARD.label);
  await expect(detail('Landing page')).toHaveText(`${SERVICE}?${CAMPAIGN}`);
  await expect(detail('Campaign')).toHaveText('fall');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.map((v) => v.id)).toEqual([]);
});
