/**
 * Measures applying for a job in chromium against the local stand-in: the time from pressing "Send
 * application" (JavaScript on, a 1 MB PDF resume) to the thank-you page, over a fresh stand-in so the
 * per-client limit (5 an hour) is not in the way.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { randomBytes } from 'node:crypto';
import { createStaticServer } from '../live/siteServer.ts';
import { chromiumLaunchOptions } from '../harness/chromium.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';

export async function measureApply(client: string, apiPort: number, runs = 5): Promise<{ medianMs: number; maxMs: number; resumeBytes: number }> {
  const supabase = await startLocalSupabase({ port: apiPort, demoApplications: 0 });
  const site = createStaticServer(path.resolve(client), () => undefined);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as { port: number }).port;
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await pdf.attach(randomBytes(1024 * 1024), 'portfolio.bin', { mimeType: 'application/octet-stream' });
  const resume = Buffer.from(await pdf.save());
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
      // A person reads before sending; a post within 500 ms of the page's start is filed as suspected spam.
      await page.clock.setFixedTime(Date.now() - 60_000);
      await page.goto(`http://localhost:${port}/careers/companion-caregiver`);
      await page.getByLabel('First name', { exact: true }).fill('Bench');
      await page.getByLabel('Last name', { exact: true }).fill(`Applicant ${run}`);
      await page.getByLabel('E-mail', { exact: true }).fill(`bench${run}@example.com`);
      await page.getByLabel('Phone', { exact: true }).fill('(860) 555-0123');
      await page.getByLabel('Work experience', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('When you can work', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Resume (optional)', { exact: true }).setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: resume });
      await page.clock.setFixedTime(Date.now());
      const started = performance.now();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.waitForURL('**/careers/thanks');
      await page.getByRole('heading', { level: 1 }).waitFor();
      times.push(performance.now() - started);
      await page.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted[sorted.length - 1]!, resumeBytes: resume.length };
  } finally {
    await browser.close();
    site.close();
    await supabase.close();
  }
}
