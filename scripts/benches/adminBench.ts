/**
 * Measures the dashboard in chromium against the local stand-in: time from pressing Sign in to the table
 * showing the applications, the time a search keystroke and a filter choice take to update the rows, in the
 * applications and (with as many inquiries) in the Inquiries view, and the time from pressing Save stage in a
 * record's dialog to the list showing the new stage. At 10,000 records each list has a worked history (stages,
 * owners, notes: the demo's stories), so the events table holds tens of thousands of rows, as it would.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createStaticServer } from '../live/siteServer.ts';
import { chromiumLaunchOptions } from '../harness/chromium.ts';
import { demoApplications, demoInquiries, seedApplications, seedInquiries, seedWorkflow } from '../local-supabase/seedData.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';

export interface AdminFigures {
  applications: number;
  signInToTableMs: number;
  keystrokeMs?: Timings;
  inquiryKeystrokeMs?: Timings;
  filterMs?: Timings;
  stageChangeMs?: Timings;
  events?: number;
}

type Timings = { median: number; max: number };

/** Times typing a sequence of search terms into the list's search box, one character at a time. */
async function keystrokes(page: Page, terms: string[]): Promise<Timings> {
  // React handles a typed character as a discrete event and commits before dispatchEvent returns.
  const times = await page.evaluate((sequence) => {
    const input = document.getElementById('search') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    return sequence.map((term) => {
      const start = performance.now();
      setValue.call(input, term);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return performance.now() - start;
    });
  }, terms);
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

/** Times choosing each stage filter and each owner and age choice in turn, as a click or a change commits them. */
async function filterChoices(page: Page): Promise<Timings> {
  const times = await page.evaluate(() => {
    const measured: number[] = [];
    const group = document.querySelector('[role="group"]')!;
    const buttons = [...group.querySelectorAll('button')];
    for (const button of [...buttons, buttons[0]!]) {
      const start = performance.now();
      button.click();
      measured.push(performance.now() - start);
    }
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select')) {
      for (const option of [...select.options, select.options[0]!]) {
        const start = performance.now();
        select.value = option.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        measured.push(performance.now() - start);
      }
    }
    return measured;
  });
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

/** Five times: open the first record, choose the next stage, Save stage, and wait for its row in the list to show it. */
async function stageChanges(page: Page): Promise<Timings> {
  // Every stage shown, so that a record moved to a closed stage stays in the list.
  await page.getByRole('group').getByRole('button', { name: /^All / }).click();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const row = page.locator('tbody tr').nth(i);
    const id = await row.locator('button[data-record]').getAttribute('data-record');
    await row.locator('button[data-record]').click();
    const dialog = page.getByRole('dialog');
    const stage = dialog.getByLabel('Stage', { exact: true });
    await dialog.getByRole('heading', { name: 'History' }).waitFor();
    const options = await stage.locator('option').allTextContents();
    const current = await stage.inputValue();
    const values = await stage.locator('option').evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    const next = values[(values.indexOf(current) + 1) % values.length]!;
    const label = options[values.indexOf(next)]!.replace(' (closes it)', '');
    await stage.selectOption(next);
    const started = await page.evaluate(() => performance.now());
    await dialog.getByRole('button', { name: 'Save stage' }).click();
    // The row behind the dialog (the list shows every stage here: 'All').
    await page.waitForFunction(
      ([record, text]) => document.querySelector(`button[data-record="${record}"]`)?.closest('tr')?.textContent?.includes(text),
      [id, label] as const,
    );
    times.push((await page.evaluate(() => performance.now())) - started);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

/** @param apiPort the port of the stand-in the site in `client` was built for (its VITE_SUPABASE_URL). */
export async function measureAdmin(client: string, applications: number, measureKeystrokes: boolean, apiPort: number): Promise<AdminFigures> {
  const supabase = await startLocalSupabase({ port: apiPort, demoApplications: 0 });
  const seeded = demoApplications(applications, Date.now(), 7, false);
  await seedApplications(supabase.db, seeded);
  if (measureKeystrokes) {
    const inquiries = demoInquiries(applications, Date.now(), 7);
    await seedInquiries(supabase.db, inquiries);
    await seedWorkflow(supabase.db, 'applications', seeded);
    await seedWorkflow(supabase.db, 'inquiries', inquiries);
  }
  const events = Number((await supabase.db.query<{ n: number }>('select count(*)::int as n from public.record_events')).rows[0]!.n);
  const site = createStaticServer(path.resolve(client), () => undefined).listen(0);
  const port = (site.address() as { port: number }).port;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://localhost:${port}/admin`);
    await page.getByLabel('Email').fill('staff@example.com');
    await page.getByLabel('Password').fill('staff-demo-password');
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('dt', { hasText: 'Total Applications' }).locator('+ dd').filter({ hasText: String(applications) }).waitFor();
    await page.locator('tbody tr').first().getByRole('button', { name: /^View details/ }).waitFor();
    const signInToTableMs = Date.now() - started;

    if (!measureKeystrokes) return { applications, signInToTableMs };
    const keystrokeMs = await keystrokes(page, ['m', 'ma', 'mar', 'mari', 'maria', 'mari', 'mar', 'ma', 'm', '', 'o', "o'", "o'b", 'ex', 'exa', 'care', '']);
    const filterMs = await filterChoices(page);
    const stageChangeMs = await stageChanges(page);
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
    await page.locator('dt', { hasText: 'Total Inquiries' }).locator('+ dd').filter({ hasText: String(applications) }).waitFor();
    const inquiryKeystrokeMs = await keystrokes(page, ['m', 'ma', 'mar', 'marg', 'mar', 'ma', 'm', '', 'h', 'ha', 'ham', '5', '55', '555', 'ex', 'exa', '']);
    return { applications, signInToTableMs, keystrokeMs, inquiryKeystrokeMs, filterMs, stageChangeMs, events };
  } finally {
    await browser.close();
    site.close();
    await supabase.close();
  }
}
