/**
 * What an erasure leaves on disk. A deleted row stays in Postgres's files (its table's and indexes' pages, and the
 * write-ahead log) until they are rewritten, so an erased person's name, e-mail, message, notes and resume could
 * be read back from the local stand-in's data folder long after the dashboard said "erased". The stand-in run with
 * a data folder (`npm start`, `npm run supabase:local -- --data <folder>`) scrubs its files after each erasure, each
 * resume removal and each purge that erased something; these tests grep the folder's files for the person's words.
 * On Supabase erasure reaches the backups only when they expire: the privacy notice says so.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { loadContent } from '../../src/content/loader.ts';
import { contentRoot } from '../../src/content/content.ts';
import { purgeExpired } from '../../supabase/functions/_shared/purge.ts';
import { clientsOf, consentGiven } from './formPosts.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stand-in-vacuum-'));
let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let service: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, dataDir, demoApplications: 0 });
  clients = clientsOf(supabase);
  service = clients.client(supabase.serviceRoleKey);
  admin = await clients.signedIn('admin@example.com', 'admin-demo-password');
}, 120_000);

afterAll(async () => {
  await clients?.stop();
  await supabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The files of the data folder in which `marker` occurs (as UTF-8 bytes), by path under the folder. */
function filesHolding(marker: string): string[] {
  const needle = Buffer.from(marker, 'utf8');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (readFileSync(full).includes(needle)) found.push(path.relative(dataDir, full));
    }
  };
  walk(dataDir);
  return found;
}

/** Words no other row holds, so that finding them in a file can only mean this person's data. */
const unique = (what: string) => `${what}${randomUUID().replaceAll('-', '')}`;

describe('the stand-in with a data folder', () => {
  test('an inquiry an admin erases leaves no trace of its name, e-mail, message or notes in the data files', async () => {
    const person = { name: unique('Zelda'), email: `${unique('zelda')}@example.com`, message: unique('Mother fell at home ') };
    const note = unique('Called back, daughter says ');
    const inserted = await service.from('inquiries').insert({ ...person, care_for: 'a-parent', page: '/contact', ...consentGiven() }).select('id').single();
    expect(inserted.error).toBeNull();
    const staff = await clients.staff();
    expect((await staff.from('record_notes').insert({ inquiry_id: inserted.data!.id, body: note })).error).toBeNull();
    // Written to disk, as any request is: the test is only worth something if the words were there.
    await supabase.db.query('checkpoint');
    expect(filesHolding(person.name).length).toBeGreaterThan(0);

    const erased = await admin.rpc('erase_record', { p_list: 'inquiries', p_id: inserted.data!.id });
    expect(erased.error).toBeNull();
    for (const words of [person.name, person.email, person.message, note]) expect(filesHolding(words), words).toEqual([]);
  }, 60_000);

  test("an application's resume text is gone from the files once the dashboard removed it after the erasure", async () => {
    const name = unique('Quill');
    const resumeText = unique('Ten years caring for my aunt ');
    const resumeUrl = `${randomUUID()}/${randomUUID()}.pdf`;
    expect((await service.storage.from('resumes').upload(resumeUrl, Buffer.from(`%PDF-1.4 ${resumeText}`), { contentType: 'application/pdf' })).error).toBeNull();
    const inserted = await service
      .from('job_applications')
      .insert({ first_name: name, last_name: 'Lee', email: 'quill@example.com', phone: '8605550142', position: 'companion-caregiver', experience: 'flexible', availability: 'flexible', resume_url: resumeUrl })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    await supabase.db.query('checkpoint');
    expect(filesHolding(resumeText).length).toBeGreaterThan(0);

    // As the dashboard erases (src/admin/erasure.ts): the row in SQL, then the file through Storage.
    expect((await admin.rpc('erase_record', { p_list: 'applications', p_id: inserted.data!.id })).error).toBeNull();
    expect((await admin.storage.from('resumes').remove([resumeUrl])).error).toBeNull();
    expect(filesHolding(name)).toEqual([]);
    expect(filesHolding(resumeText)).toEqual([]);
  }, 60_000);

  test('a purge that erased a record leaves none of its words in the files', async () => {
    const name = unique('Orla');
    const inserted = await service
      .from('inquiries')
      .insert({ name, email: 'orla@example.com', care_for: 'a-parent', message: '', page: '/contact', spam_reason: 'The hidden field that people never see was filled in.', ...consentGiven() })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    // Filed as spam by the bot signals 31 days ago: past the spam rule's 30 days.
    await supabase.db.query("update public.inquiries set stage_changed_at = now() - interval '31 days' where id = $1", [inserted.data!.id]);
    await supabase.db.query('checkpoint');
    expect(filesHolding(name).length).toBeGreaterThan(0);

    const { retention } = await loadContent(contentRoot());
    const report = await purgeExpired(service, retention);
    expect(report.erased.inquiries).toBeGreaterThanOrEqual(1);
    expect(filesHolding(name)).toEqual([]);
  }, 60_000);
});

describe('the privacy notice', () => {
  test('says that an erasure reaches the backup copies only when they expire', async () => {
    const { pages } = await loadContent(contentRoot());
    const erasure = JSON.stringify(pages.privacy);
    expect(erasure).toMatch(/backup copies for a limited time.*leaves those copies only when they expire/);
  });
});
