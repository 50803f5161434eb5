/**
 * WCAG 2.2 SC 1.4.11 (non-text contrast), measured on the colours the browser computed: the edge of every form
 * control and of every button that draws one stands out 3:1 from the background behind it, and so does every
 * focus indicator reached with Tab: on the pages with forms (home and /contact: the contact form; a job page:
 * the application form), in the header (its menus closed and open), the footer and a call to action's band, and
 * in /admin (sign-in, both lists with their search and filters, a record's dialog, an error's toast). At 1280
 * and 375 px (the two projects). A failure lists each control with its ratio and the two colours; the ratios
 * measured are attached to each result. The arithmetic is in contrast.ts.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { openJobs } from '../../src/content/content.ts';
import { loadContent } from '../../src/content/loader.ts';
import { collectControls, describeFocus, judgeDrawn, judgeEdge, judgeFocus, type FocusFacts, type Judgement } from './contrast.ts';
import { signIn } from './dashboard.ts';

const REQUIRED = 3;
const JOB = `/careers/${openJobs(await loadContent())[0]!.slug}`;

/** Presses Tab until the focus leaves the page or comes round again, and describes each element it stops on. */
async function tabThrough(page: Page): Promise<FocusFacts[]> {
  const seen = new Set<string>();
  const stops: FocusFacts[] = [];
  for (let press = 0; press < 500; press++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(describeFocus);
    if (!focus || seen.has(focus.marker)) break;
    seen.add(focus.marker);
    stops.push(focus);
  }
  return stops;
}

/** The ratios measured on one test's pages, attached to its result, and the ones under 3:1. */
class Findings {
  readonly lines: string[] = [];
  readonly failures: string[] = [];

  record(where: string, what: string, judged: Judgement) {
    const line = `${where}: ${what}: ${judged.ratio.toFixed(2)}:1 (${judged.detail})`;
    this.lines.push(line);
    if (judged.ratio < REQUIRED) this.failures.push(line);
  }

  /** The edge of every control on the page, or inside `scope`, as it is drawn now. */
  async edges(page: Page, where: string, scope: string | null = null) {
    const controls = await page.evaluate(collectControls, scope);
    expect(controls.length, `controls found on ${where}`).toBeGreaterThan(0);
    for (const control of controls) {
      let judged: Judgement | null;
      if (control.kind === 'native') {
        // Drawn by the browser: measured on a screenshot, taken with the box in the middle (clear of the sticky header).
        const box = page.locator(`[data-contrast-id="${control.marker}"]`);
        await box.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        const { data, info } = await sharp(await box.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        judged = judgeDrawn(control, { data, channels: info.channels });
      } else {
        judged = judgeEdge(control);
      }
      if (judged) this.record(where, `edge of ${control.name}`, judged);
    }
  }

  /** The focus indicator of every element Tab stops at, from the top of the page (or round a dialog). */
  async focusRings(page: Page, where: string) {
    const stops = await tabThrough(page);
    expect(stops.length, `focus stops on ${where}`).toBeGreaterThan(0);
    for (const stop of stops) this.record(where, `focus on ${stop.name}`, judgeFocus(stop));
  }

  async attachTo(info: TestInfo) {
    await info.attach('ratios', { body: this.lines.join('\n'), contentType: 'text/plain' });
  }
}

// The two forms, and a page with the call to action's band (links on teal) for the header and footer's sake.
const PAGES = [
  { path: '/', form: true },
  { path: '/contact', form: true },
  { path: JOB, form: true },
  { path: '/about', form: false },
];

for (const { path, form } of PAGES) {
  test(`on ${path} every form control's edge and every focus indicator stands out ${REQUIRED}:1 from its background`, async ({ page }, info) => {
    test.setTimeout(90_000);
    const findings = new Findings();
    await page.goto(path);
    await findings.edges(page, path);
    if (form) expect(await page.locator('form [data-contrast-id]').count(), 'form controls measured').toBeGreaterThan(3);
    // The header's menus open (a phone's Menu, the Services menu): their buttons open, and their links, are measured too.
    await page.locator('header details').evaluateAll((menus) => menus.forEach((menu) => ((menu as HTMLDetailsElement).open = true)));
    await findings.edges(page, `${path} (menus open)`, 'header');
    await findings.focusRings(page, path);
    await findings.attachTo(info);
    expect(findings.failures).toEqual([]);
  });
}

test(`in /admin the sign-in form, the lists' search and filters and a record's dialog stand out ${REQUIRED}:1`, async ({ page }, info) => {
  test.setTimeout(180_000);
  const findings = new Findings();

  await page.goto('/admin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await findings.edges(page, 'sign-in');
  await findings.focusRings(page, 'sign-in');
  await page.getByLabel('Email').fill('staff@example.com');
  await page.getByLabel('Password').fill('staff-demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();

  for (const [view, heading] of [['applications', /^Applications \(\d+\)$/], ['inquiries', /^Contact requests \(\d+\)$/]] as const) {
    // Loaded afresh (the session is kept), so that Tab starts at the top of the page.
    await page.goto(view === 'inquiries' ? '/admin?view=inquiries' : '/admin');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(`Loading ${view}...`)).toBeHidden();
    await expect(page.getByRole('searchbox')).toBeVisible();
    await findings.edges(page, `${view} list`);
    await findings.focusRings(page, `${view} list`);
  }

  await page.getByRole('button', { name: /^View details of / }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Stage' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(dialog.getByText('Loading history...')).toBeHidden();
  await findings.edges(page, 'record dialog', '[role="dialog"]');
  await findings.focusRings(page, 'record dialog');

  await findings.attachTo(info);
  expect(findings.failures).toEqual([]);
});

test(`in /admin the close button of an error's toast shows its focus ${REQUIRED}:1 on the toast's red`, async ({ page }, info) => {
  await page.route('**/rest/v1/job_applications*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"boom"}' }));
  await signIn(page);
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
  // Loaded afresh (the session is kept, the list fails again), so that Tab starts at the top of the page.
  await page.reload();
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
  const findings = new Findings();
  await findings.focusRings(page, 'error toast');
  await findings.attachTo(info);
  expect(findings.lines.filter((line) => line.includes('"Dismiss"')), 'the toast\'s close button reached with Tab').toHaveLength(1);
  expect(findings.failures).toEqual([]);
});
