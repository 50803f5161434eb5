/**
 * What only an admin does in the dashboard (DESIGN decision 19), against the stand-in with the real supabase-js:
 * export the list as CSV (the file read back with a real CSV parser: byte-order mark, labels, office times with the zone in the header, where it came from, names
 * with commas, quotes, accents, line breaks and a leading "=" whole, the formula neutralised), export one record
 * as JSON, and erase a record after a confirmation (it leaves the list; in the database only its history is left,
 * ending with one 'erased' event by the admin; its resume is gone). Staff are offered none of it, and axe finds
 * nothing on the confirmation.
 *
 * The test that stores and erases records runs last (@saves), on each screen with records of its own; the others
 * only read the demo data.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { ANON_KEY, API, service, showStage, signIn } from './dashboard.ts';
import { consentGiven } from './formPages.ts';
import { officeTime } from '../../src/admin/format.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-password', id: '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04' };
const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01'; // staff@example.com
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function applicationsShown(page: Page) {
  await expect(page.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('Loading applications...')).toBeHidden();
}

const firstView = (page: Page) => page.getByRole('button', { name: /^View details of / }).first();

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

test('staff are offered no export and no erasure, in the list or in a record\'s dialog', async ({ page }) => {
  await signIn(page);
  await applicationsShown(page);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await firstView(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: /Erase|Export/ })).toHaveCount(0);
});

test('the erase confirmation names what goes and that it cannot be undone, starts on Cancel, passes axe, and Escape erases nothing', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await applicationsShown(page);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  const name = (await firstView(page).getAttribute('aria-label'))!.replace('View details of ', '');
  await firstView(page).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Erase…' });
  await erase.click();

  const confirm = page.getByRole('alertdialog', { name: 'Erase this application for good?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Erasing deletes everything the dashboard holds about ${name} in this application. It cannot be undone.`);
  await expect(confirm.getByRole('listitem')).toContainText(['the application as it was sent', 'every note staff wrote on it', 'any e-mail notification']);
  // What happens to the history, as erase_record does it: the earlier lines stay, one more is added.
  await expect(confirm).toContainText(
    'Its history stays, with nothing about the person in it (who changed its stage or owner, wrote a note or exported it, and when), and ends with a last line, “Erased by Pat Morgan”, with the date.',
  );
  await expect(confirm).not.toContainText('keeps one line');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const violations = (await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(erase).toBeFocused();
  // The record's dialog is still open, and the record is still there.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: `View details of ${name}`, exact: true })).toBeVisible();
});

test('an admin exports the list as CSV and a record as JSON, then erases it: it leaves the list, its resume goes, its history ends with one erased event', { tag: '@saves' }, async ({ page }, testInfo) => {
  const tag = `Exp${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`;
  const firstNames = ['Zoë "Zed"', 'Núñez, Jr.', 'Line one\nLine two', '=HYPERLINK("http://evil.example")'];
  const ids: string[] = [];
  const resumes: string[] = [];
  const started = Date.now();
  const createdAt = (i: number) => new Date(started - i * 60_000).toISOString();
  for (const [i, first] of firstNames.entries()) {
    const resume = `${crypto.randomUUID()}/${crypto.randomUUID()}.pdf`;
    expect((await service().storage.from('resumes').upload(resume, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const { data, error } = await service()
      .from('job_applications')
      .insert({ first_name: first, last_name: tag, email: `export${i}.${tag.toLowerCase()}@example.com`, phone: '+1 860 555 0142', position: 'companion-caregiver', experience: 'one-to-three-years', availability: 'flexible', cover_letter: 'I cared for my grandmother.', resume_url: resume, source: 'newsletter', utm_campaign: 'winter', utm_medium: 'email', created_at: createdAt(i) })
      .select('id')
      .single();
    expect(error).toBeNull();
    ids.push(data!.id as string);
    resumes.push(resume);
  }

  try {
    await signIn(page, ADMIN.email, ADMIN.password);
    await applicationsShown(page);
    await showStage(page, 'applications', 'All');
    await page.getByLabel('Search applications').fill(tag);
    await expect(page.getByRole('heading', { name: 'Applications (4)' })).toBeVisible();

    // The list as CSV.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await text(csvDownload);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => row['First name'])).toEqual(['Zoë "Zed"', 'Núñez, Jr.', 'Line one\nLine two', '\'=HYPERLINK("http://evil.example")']);
    expect(parsed.data[0]).toMatchObject({ 'Last name': tag, Phone: "'+1 860 555 0142", Position: 'Companion Caregiver', Experience: '1 to 3 years', Stage: 'New', Owner: '', Resume: 'Yes', 'Record ID': ids[0] });
    // Where it came from, and the time as the office's clock showed it, the zone in the header.
    expect(parsed.data[0]).toMatchObject({ Source: 'newsletter', Campaign: 'winter', 'Campaign medium': 'email', 'How they heard of us': '' });
    expect(parsed.data[0]!['Submitted (New York time)']).toBe(officeTime(createdAt(0)));
    expect(parsed.data[0]!['Submitted (New York time)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByRole('status').filter({ hasText: '4 applications saved as a CSV file.' })).toBeVisible();
    // Recorded in the database: one line in the log, an event on each record.
    const logged = await service().from('record_exports').select('actor, list, format, records, filter').order('id', { ascending: false }).limit(1).single();
    expect(logged.data).toEqual({ actor: ADMIN.id, list: 'applications', format: 'csv', records: 4, filter: `Stage: All; Owner: Anyone; Age: Any age; Search: ${tag.length} characters` });
    const exported = await service().from('record_events').select('record_id').eq('kind', 'exported').in('record_id', ids);
    expect(exported.data).toHaveLength(4);

    // One record as JSON, from its dialog; its history shows both exports.
    const name = `Núñez, Jr. ${tag}`;
    await page.getByRole('button', { name: `View details of ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    const history = dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem');
    await expect(history.first()).toHaveText(/^Exported by Pat Morgan, in a CSV file of the list · /);
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export what we hold (JSON)' }).click()]);
    expect(jsonDownload.suggestedFilename()).toBe(`what-we-hold-application-${ids[1]!.slice(0, 8)}.json`);
    const held = JSON.parse(await text(jsonDownload)) as { record: Record<string, unknown>; resume: { fileName: string; storedAs: string }; history: Array<{ what: string }>; exportedBy: string };
    expect(held.record).toMatchObject({ id: ids[1], first_name: 'Núñez, Jr.', last_name: tag, cover_letter: 'I cared for my grandmother.' });
    expect(held.resume).toEqual({ fileName: `Nunez_Jr_${tag}_resume.pdf`, storedAs: resumes[1] });
    expect(held.exportedBy).toBe('Pat Morgan');
    expect(held.history.map((event) => event.what)).toContain('Exported by Pat Morgan, in a CSV file of the list');
    await expect(dialog.getByRole('status').filter({ hasText: `Saved what-we-hold-application-${ids[1]!.slice(0, 8)}.json` })).toBeVisible();
    await expect(history.first()).toHaveText(/^Exported by Pat Morgan, with everything held on it \(JSON\) · /);

    // Erased, after the confirmation.
    await dialog.getByRole('button', { name: 'Erase…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Erase this application for good?' });
    await expect(confirm.getByRole('listitem').filter({ hasText: 'the resume file' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Erase application' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeHidden();
    const notice = page.getByRole('status').filter({ hasText: 'Application erased' });
    await expect(notice).toContainText('The application and its notes were erased, with its resume. Its history stays, ending with a line saying so.');
    await expect(notice).not.toContainText('clean-up');
    await expect(page.getByRole('heading', { name: 'Applications (3)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `View details of ${name}`, exact: true })).toHaveCount(0);

    // In the database: no row, no resume, and the history ends with one erased event by the admin.
    expect((await service().from('job_applications').select('id').eq('id', ids[1]!)).data).toEqual([]);
    expect((await service().storage.from('resumes').download(resumes[1]!)).error).not.toBeNull();
    const events = await service().from('record_events').select('kind, actor').eq('record_id', ids[1]!).order('id');
    expect(events.data!.map((event) => event.kind)).toEqual(['created', 'exported', 'exported', 'erased']);
    expect(events.data!.at(-1)).toEqual({ kind: 'erased', actor: ADMIN.id });
    if ((await service().from('notification_outbox').select('id').limit(1)).error === null) {
      expect((await service().from('notification_outbox').select('id').eq('application_id', ids[1]!)).data).toEqual([]);
    }
  } finally {
    // The test's other records go as they came.
    await service().from('job_applications').delete().in('id', ids);
    await service().storage.from('resumes').remove(resumes);
  }
});

test("a record whose list was exported 1,000 times shows its arrival and every note in its dialog, and its JSON export holds them all", { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Exported Often ${Date.now().toString(36)}`;
  const notes = ['Called: a visit on Monday suits them.', 'Left a message about the assessment.', 'They asked about weekend care.', 'Sent the price list.', 'Assessment booked for Friday.'];
  // Dana's from the start: not the newest new one nobody owns, which other tests take as they run beside this one.
  const stored = await service().from('inquiries').insert({ name, phone: '(860) 555-0143', care_for: 'a-parent', town: 'Testville', owner: DANA, ...consentGiven() }).select('id').single();
  expect(stored.error).toBeNull();
  const id = stored.data!.id as string;
  const staff = serverClient(API, ANON_KEY);
  const admin = serverClient(API, ANON_KEY);
  try {
    // Five notes by Dana, then 1,000 exports of a list holding the record by the admin: the newest 1,000 events
    // of its history are all exports.
    expect((await staff.auth.signInWithPassword({ email: 'staff@example.com', password: 'staff-demo-password' })).error).toBeNull();
    for (const body of notes) expect((await staff.from('record_notes').insert({ inquiry_id: id, body })).error).toBeNull();
    expect((await admin.auth.signInWithPassword({ email: ADMIN.email, password: ADMIN.password })).error).toBeNull();
    for (let batch = 0; batch < 1000; batch += 25) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => admin.rpc('record_export', { p_list: 'inquiries', p_format: 'csv', p_ids: [id], p_filter: 'Stage: All' })));
      expect(answers.map((answer) => answer.error)).toEqual(Array(25).fill(null));
    }

    await signIn(page, ADMIN.email, ADMIN.password, '/admin?view=inquiries');
    await expect(page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ })).toBeVisible();
    await showStage(page, 'inquiries', 'All');
    await page.getByLabel('Search inquiries').fill(name);
    await page.getByRole('button', { name: `View details of ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    const history = dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem');
    await expect(history).toHaveCount(1006);
    await expect(history.last()).toHaveText(/^Inquiry received from the site, at New · /);
    for (const note of notes) await expect(history.filter({ hasText: note })).toHaveText(new RegExp(`^Dana Reyes added a note · .+${note}$`));
    await expect(dialog.getByText('This note was deleted by its author.')).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export what we hold (JSON)' }).click()]);
    const held = JSON.parse(await text(download)) as { notes: Array<{ text: string; by: string }>; history: Array<{ event: string }> };
    expect(held.notes.map((note) => note.text)).toEqual(notes);
    expect(held.history).toHaveLength(1006);
    expect(held.history[0]!.event).toBe('created');
    expect(held.history.filter((event) => event.event === 'exported')).toHaveLength(1000);
  } finally {
    await Promise.all([staff.auth.signOut(), admin.auth.signOut()]);
    await service().from('inquiries').delete().eq('id', id);
  }
});
