/**
 * Measures the dashboard in chromium against the local stand-in: time from pressing Sign in to the table
 * showing every application, and the time a search keystroke takes to update the rows, in the applications
 * and (with as many inquiries) in the Inquiries view.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createStaticServer } from '../serve.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { demoApplications, demoInquiries, seedApplications, seedInquiries } from '../local-supabase/seedData.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';

export interface AdminFigures {
  applications: number;
  signInToTableMs: number;
  keystrokeMs?: Timings;
  inquiryKeystrokeMs?: Timings;
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

/** @param apiPort the port of the stand-in the site in `client` was built for (its VITE_SUPABASE_URL). */
export async function measureAdmin(client: string, applications: number, measureKeystrokes: boolean, apiPort: number): Promise<AdminFigures> {
  const supabase = await startLocalSupabase({ port: apiPort, demoApplications: 0 });
  await seedApplications(supabase.db, demoApplications(applications, Date.now(), 7, false));
  if (measureKeystrokes) await seedInquiries(supabase.db, demoInquiries(applications, Date.now(), 7));
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
    await page.getByRole('heading', { name: `Applications (${applications})` }).waitFor();
    await page.locator('tbody tr').first().getByRole('button', { name: /^View details/ }).waitFor();
    const signInToTableMs = Date.now() - started;

    if (!measureKeystrokes) return { applications, signInToTableMs };
    const keystrokeMs = await keystrokes(page, ['m', 'ma', 'mar', 'mari', 'maria', 'mari', 'mar', 'ma', 'm', '', 'o', "o'", "o'b", 'ex', 'exa', 'care', '']);
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
    await page.getByRole('heading', { name: `Contact requests (${applications})` }).waitFor();
    const inquiryKeystrokeMs = await keystrokes(page, ['m', 'ma', 'mar', 'marg', 'mar', 'ma', 'm', '', 'h', 'ha', 'ham', '5', '55', '555', 'ex', 'exa', '']);
    return { applications, signInToTableMs, keystrokeMs, inquiryKeystrokeMs };
  } finally {
    await browser.close();
    site.close();
    await supabase.close();
  }
}
