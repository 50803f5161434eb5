/**
 * The staff dashboard against the local Supabase stand-in, with the real supabase-js in chromium.
 * Tests that count rows run on the desktop project only, one after another: the XSS test adds rows for
 * its duration. The list shows the open applications by default (a stage not closed in content/workflow.yaml);
 * a test about every application chooses 'All'. The network is intercepted only to simulate failures and a
 * slow answer.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { ANON_KEY, API, cellOf, columnCells, holdRequests, openCount, service, showStage, signIn, stageButton, stat } from './dashboard.ts';
import { weekOf } from '../../src/admin/reports/periods.ts';

async function signedInWithList(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
  await expect(page.getByText('Loading applications...')).toBeHidden();
}

test.describe('the dashboard', { tag: '@desktop' }, () => {
  test.describe.configure({ mode: 'serial' });

  test('refuses a wrong password with a clear message', async ({ page }) => {
    await signIn(page, 'staff@example.com', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right. Check them and try again.');
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeHidden();
  });

  test('the sign-in page says where the content editor is, for whoever came to change the site\'s words', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    await expect(page.getByText('Here to change the website’s words or pictures? That is done in the content editor, not here:')).toBeVisible();
    const editor = page.getByRole('link', { name: 'open the content editor at /admin/content/' });
    await expect(editor).toHaveAttribute('href', '/admin/content/');
    // The form itself is as it was.
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await editor.click();
    await expect(page).toHaveURL(/\/admin\/content\/$/);
  });

  test('shows the counts and the table to staff after a loading state: the open applications, and every one under All, newest first', async ({ page }) => {
    // Hold the list's first request so that the loading state can be seen (a slow network).
    const release = await holdRequests(page, '**/rest/v1/job_applications?select=id*');
    await signIn(page);
    await expect(page.getByText('Loading applications...')).toBeVisible();
    release();
    // This week as Reports count it: from Monday 00:00 New York time, suspected spam left out.
    const { from, to } = weekOf(new Date());
    const spam = await service().from('application_stages').select('code').eq('spam', true).single();
    const { count: week } = await service()
      .from('job_applications')
      .select('*', { count: 'exact', head: true })
      .gte('created_at', from.toISOString())
      .lt('created_at', to.toISOString())
      .neq('stage', spam.data!.code as string);
    // The demo data has closed applications (hired, not a fit, withdrew): the default 'Open' leaves them out.
    const open = await openCount('job_applications');
    expect(open).toBeLessThan(36);
    await expect(page.getByRole('heading', { name: `Applications (${open})` })).toBeVisible();
    await expect(stageButton(page, 'applications', 'Open')).toHaveAttribute('aria-pressed', 'true');
    await expect(stageButton(page, 'applications', 'Open')).toHaveAccessibleName(`Open ${open}`);
    await expect(stat(page, 'Total Applications')).toHaveText('36');
    await expect(stat(page, 'This Week')).toHaveText(String(week));
    await showStage(page, 'applications', 'All');
    await expect(page.getByRole('heading', { name: 'Applications (36)' })).toBeVisible();
    const dates = await (await columnCells(page, 'Submitted')).allTextContents();
    expect(dates).toHaveLength(36);
    expect(dates.map((d) => Date.parse(d))).toEqual([...dates.map((d) => Date.parse(d))].sort((a, b) => b - a));
    await expect(await cellOf(page, page.locator('tbody tr').first(), 'Position')).toHaveText(/^(Companion Caregiver|Care Scheduling Coordinator)$/);
  });

  test('searches first name, last name, e-mail and position, case-insensitively, by substring', async ({ page }) => {
    await signedInWithList(page);
    // Every application, closed ones too, so that each count below is over all 36.
    await showStage(page, 'applications', 'All');
    const search = page.getByLabel('Search applications');
    const heading = page.getByRole('heading', { name: /^Applications \(\d+\)$/ });
    const countFor = async (term: string) => {
      await search.fill(term);
      return Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')![1]);
    };
    expect(await countFor('')).toBe(36);
    expect(await countFor('aisha')).toBeGreaterThan(0);
    for (const name of await page.locator('tbody .name').allTextContents()) expect(name.toLowerCase()).toContain('aisha');
    expect(await countFor('AISHA')).toBe(await countFor('aisha'));
    expect(await countFor("o'brien")).toBeGreaterThan(0);
    expect(await countFor('ulliva')).toBeGreaterThan(0);
    expect(await countFor('.okafor@example')).toBeGreaterThan(0);
    const coordinators = await countFor('scheduling-coord');
    expect(coordinators).toBeGreaterThan(0);
    expect(coordinators).toBeLessThan(36);
    expect(await countFor('zzz-nobody')).toBe(0);
    await expect(page.getByText('No applications found')).toBeVisible();
    expect(await countFor('')).toBe(36);
  });

  test('opens every detail of an application in a dialog, line breaks kept, and Escape closes it', async ({ page }) => {
    await signedInWithList(page);
    const { data } = await service().from('job_applications').select('*').neq('cover_letter', '').order('created_at', { ascending: false }).limit(1).single();
    const row = data as Record<string, string | boolean>;
    const name = `${row.first_name} ${row.last_name}`;
    // Wherever it stands in the workflow (it may be closed).
    await showStage(page, 'applications', 'All');
    await page.getByLabel('Search applications').fill(String(row.email));
    await page.getByRole('button', { name: `View details of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    for (const text of [String(row.email), String(row.phone), row.has_transportation ? 'Available' : 'Not Available', row.has_license ? 'Valid' : 'Not Valid']) {
      await expect(dialog).toContainText(text);
    }
    await expect(dialog.locator('dt', { hasText: 'Position' }).locator('+ dd')).toHaveText(String(row.position).split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '));
    await expect(dialog.locator('.letter')).toHaveText(String(row.cover_letter));
    expect(await dialog.locator('.letter').evaluate((el) => (el as HTMLElement).innerText)).toContain('\n\n');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `View details of ${name}` })).toBeFocused();
  });

  test('downloads a resume as first_last_resume.pdf, the name made safe, with the stored bytes', async ({ page }) => {
    await signedInWithList(page);
    const { data } = await service().from('job_applications').select('*').eq('last_name', "O'Brien").not('resume_url', 'is', null).limit(1).single();
    const row = data as { first_name: string; last_name: string; resume_url: string };
    const stored = await service().storage.from('resumes').download(row.resume_url);
    const name = `${row.first_name} ${row.last_name}`;
    await showStage(page, 'applications', 'All');
    await page.getByLabel('Search applications').fill(row.last_name);
    const signed = page.waitForResponse((response) => response.url().includes(`/storage/v1/object/sign/resumes/${row.resume_url}?token=`) && response.request().method() === 'GET');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download resume of ${name}` }).first().click()]);
    // A short-lived signed link, answered as an attachment with the PDF's type: the browser saves it and stays.
    expect(download.url()).toContain(`/storage/v1/object/sign/resumes/${row.resume_url}?token=`);
    const headers = (await signed).headers();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toMatch(/^attachment; filename=/);
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    expect(download.suggestedFilename()).toBe(`${row.first_name}_O_Brien_resume.pdf`);
    const saved = await download.path();
    const file = readFileSync(saved);
    expect(file.equals(Buffer.from(await stored.data!.arrayBuffer()))).toBe(true);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('shows the load error toast and an empty list when the applications cannot be read', async ({ page }) => {
    await page.route('**/rest/v1/job_applications*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"boom"}' }));
    await signIn(page);
    const toast = page.getByRole('status').filter({ hasText: 'Failed to load job applications' });
    await expect(toast).toContainText('Error');
    await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
    await expect(page.getByText('No applications found')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Applications (0)' })).toBeVisible();
  });

  test('shows the download error toast when a resume cannot be fetched', async ({ page }) => {
    await page.route('**/storage/v1/object/sign/resumes/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":"500","code":"InternalError","error":"Internal","message":"Internal Server Error"}' }));
    await signedInWithList(page);
    await page.getByRole('button', { name: /^Download resume of / }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Failed to download resume' })).toContainText('Error');
  });

  test('shows a non-staff account nothing in either list: the database returns no rows', async ({ page }) => {
    await signIn(page, 'visitor@example.com', 'visitor-demo-password');
    await expect(page.getByText('This account is not a staff account, so no applications are shown.')).toBeVisible();
    await expect(page.getByText('No applications found')).toBeVisible();
    await expect(stat(page, 'Total Applications')).toHaveText('0');
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
    await expect(page.getByText('This account is not a staff account, so no inquiries are shown.')).toBeVisible();
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await expect(stat(page, 'Total Inquiries')).toHaveText('0');
  });

  test('signing out returns to the sign-in form, and stays there after a reload', async ({ page }) => {
    await signedInWithList(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a session revoked elsewhere returns to the sign-in form with a notice', async ({ page }) => {
    await signedInWithList(page);
    const other = serverClient(API, ANON_KEY);
    await other.auth.signInWithPassword({ email: 'staff@example.com', password: 'staff-demo-password' });
    await other.auth.signOut({ scope: 'global' });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a backend outage on reload keeps the session and shows the load error, not the sign-in form', async ({ page }) => {
    await signedInWithList(page);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')));
    expect(stored).toHaveLength(1);
    // The backend cannot be reached (a network failure, not an answer).
    await page.route(`${API}/**`, (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    // supabase-js retries a failed read three times (after 1, 2 and 4 s) before it reports the failure.
    await expect(page.getByRole('status').filter({ hasText: 'Failed to load job applications' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), stored[0]!)).not.toBeNull();
    // Back online, a reload shows the list again without signing in.
    await page.unroute(`${API}/**`);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Applications (${await openCount('job_applications')})` })).toBeVisible();
    // Read from the stand-in: other files' tests (Reports) store applications of their own meanwhile.
    const { count } = await service().from('job_applications').select('*', { count: 'exact', head: true });
    await expect(stat(page, 'Total Applications')).toHaveText(String(count));
  });

  test('a 401 while viewing an application returns to sign-in with the session-ended notice', async ({ page }) => {
    await signedInWithList(page);
    // The server refuses the token (as it does once a session has expired).
    await page.route(`${API}/rest/v1/job_applications?select=*&id=**`, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }) }),
    );
    await page.getByRole('button', { name: /^View details of / }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a refused token while downloading a resume returns to sign-in with the session-ended notice', async ({ page }) => {
    await signedInWithList(page);
    await page.route(`${API}/storage/v1/object/sign/resumes/**`, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ statusCode: '403', code: 'InvalidJWT', error: 'Unauthorized', message: 'jwt expired' }) }),
    );
    await page.getByRole('button', { name: /^Download resume of / }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
  });

  test('dates JavaScript cannot format are shown as stored, and the rest of the list still works', async ({ page }) => {
    const base = { last_name: 'Datecheck', phone: '(860) 555-0100', position: 'companion-caregiver', experience: 'no-experience', availability: 'flexible', cover_letter: '', resume_url: null };
    const { data, error } = await service()
      .from('job_applications')
      .insert([
        { ...base, first_name: 'Infinite', email: 'infinite@example.com', created_at: 'infinity' },
        { ...base, first_name: 'Faraway', email: 'faraway@example.com', created_at: '294000-01-01T00:00:00Z' },
      ])
      .select('id');
    expect(error).toBeNull();
    try {
      await signedInWithList(page);
      // Both new, so both open: the default list has them too.
      await expect(stat(page, 'Total Applications')).toHaveText('38');
      await expect(page.getByRole('heading', { name: `Applications (${await openCount('job_applications')})` })).toBeVisible();
      await page.getByLabel('Search applications').fill('Datecheck');
      await expect(page.getByRole('heading', { name: 'Applications (2)' })).toBeVisible();
      await expect(await cellOf(page, page.locator('tbody tr', { hasText: 'Infinite' }), 'Submitted')).toHaveText('infinity');
      await expect(await cellOf(page, page.locator('tbody tr', { hasText: 'Faraway' }), 'Submitted')).toHaveText(/294000/);
      await page.getByRole('button', { name: 'View details of Infinite Datecheck' }).click();
      await expect(page.getByRole('dialog')).toContainText('Application submitted infinity');
    } finally {
      await service().from('job_applications').delete().in('id', data!.map((row) => row.id));
    }
  });

  test('a stored resume key that is not one the site generates is never fetched', async ({ page }) => {
    // The column refuses such a value since the resume_url constraint; older data or another writer could hold one.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signedInWithList(page);
    await page.route(`${API}/rest/v1/job_applications?select=id%2C*`, async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as Array<{ resume_url: string | null }>;
      const withResume = rows.find((row) => row.resume_url)!;
      withResume.resume_url = '../../../../rest/v1/job_applications?select=*';
      await route.fulfill({ response, json: rows });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: `Applications (${await openCount('job_applications')})` })).toBeVisible();
    await expect(stat(page, 'Total Applications')).toHaveText('36');
    await page.getByRole('button', { name: /^Download resume of / }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Failed to download resume' })).toBeVisible();
    expect(requested.filter((url) => url.includes('/storage/v1/'))).toEqual([]);
  });

  test('an XSS corpus in every applicant field is shown as text and never runs', async ({ page }) => {
    const payloads = [
      '<script>window.__xss=1</script>', '<img src=x onerror="window.__xss=1">', '<svg onload="window.__xss=1">',
      '"><script>window.__xss=1</script>', "'><img src=x onerror=window.__xss=1>", 'javascript:window.__xss=1',
      '<iframe src="javascript:window.__xss=1">', '<body onload=window.__xss=1>', '<a href="javascript:window.__xss=1">x</a>',
      '<details open ontoggle=window.__xss=1>', '<math><mtext><script>window.__xss=1</script>', '{{constructor.constructor("window.__xss=1")()}}',
      '${window.__xss=1}', '<input autofocus onfocus=window.__xss=1>', '<video><source onerror="window.__xss=1">', '<marquee onstart=window.__xss=1>',
      '</textarea><script>window.__xss=1</script>', '<style>@import "javascript:window.__xss=1";</style>', '<object data="javascript:window.__xss=1">',
      '<div style="background:url(javascript:window.__xss=1)">', '\u003cscript\u003ewindow.__xss=1\u003c/script\u003e', '<scr<script>ipt>window.__xss=1</script>',
    ];
    const rows = payloads.map((payload, i) => ({
      first_name: `XSS${i} ${payload}`,
      last_name: payload,
      email: `xss${i}${payload}@example.com`,
      phone: payload,
      position: 'companion-caregiver',
      experience: 'no-experience',
      availability: 'flexible',
      cover_letter: `Line one ${payload}\n\nLine two ${payload}`,
      resume_url: null,
    }));
    const { data, error } = await service().from('job_applications').insert(rows).select('id');
    expect(error).toBeNull();
    // The code columns (position, experience, availability) only accept hyphenated codes: a payload cannot be stored there.
    const refused = await service().from('job_applications').insert({ ...rows[0]!, position: payloads[0]! });
    expect(refused.error?.code).toBe('23514');
    try {
      const fired: string[] = [];
      page.on('dialog', (dialog) => {
        fired.push(dialog.message());
        void dialog.dismiss();
      });
      await signedInWithList(page);
      await page.getByLabel('Search applications').fill('XSS');
      await expect(page.getByRole('heading', { name: `Applications (${payloads.length})` })).toBeVisible();
      // The payloads appear as the literal text that was stored.
      await expect(page.locator('tbody .name').filter({ hasText: /^XSS0 / })).toHaveText(`XSS0 ${payloads[0]} ${payloads[0]}`);
      await expect(page.locator('tbody .name').filter({ hasText: /^XSS1 / })).toHaveText(`XSS1 ${payloads[1]} ${payloads[1]}`);
      for (const i of [0, 1, 6, 13]) {
        await page.getByRole('button', { name: new RegExp(`^View details of XSS${i} `) }).click();
        await expect(page.getByRole('dialog').locator('.letter')).toContainText(`Line two ${payloads[i]}`);
        await page.keyboard.press('Escape');
      }
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(fired).toEqual([]);
    } finally {
      await service().from('job_applications').delete().in('id', (data ?? []).map((r) => r.id));
    }
  });

  test('axe finds no serious or critical violation on the sign-in form, the table with its filters or the dialog with its history', async ({ page }) => {
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await serious()).toEqual([]);
    await signedInWithList(page);
    await expect(stageButton(page, 'applications', 'Open')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Owner' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Age' })).toBeVisible();
    expect(await serious()).toEqual([]);
    // An application someone has worked, so the history has more than its arrival (a note among it).
    await showStage(page, 'applications', 'Contacted');
    await page.getByRole('button', { name: /^View details of / }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').nth(1)).toBeVisible();
    await expect(dialog.locator('.letter')).not.toHaveAttribute('aria-busy', 'true');
    expect(await serious()).toEqual([]);
  });
});

test('on a phone, staff can sign in and read the list without the page scrolling sideways', { tag: '@phone' }, async ({ page }) => {
  await signedInWithList(page);
  await expect(page.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('/admin is kept out of search engines and the sitemap', async ({ page, request }) => {
  await page.goto('/admin');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin');
});
