/**
 * Demo data for the local stand-in. Applications: varied, realistic, spread over the last 30 days (so 'This
 * Week' means something), both positions and every experience and availability code; about two in three come
 * with a real PDF resume carrying the applicant's name, stored under a generated key. Inquiries: a handful of
 * contact requests as families write them, every 'who needs care' and call-time code, some with only a phone
 * number or only an e-mail address, each with the consent to store its health details that the form asks for
 * (the present wording's version, given as it was sent).
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { InquirySent, JobApplicationSent } from '../../src/database.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import type { Db } from './db.ts';

export const POSITIONS = ['companion-caregiver', 'care-scheduling-coordinator'] as const;
export const EXPERIENCE = ['no-experience', 'less-than-one-year', 'one-to-three-years', 'three-to-five-years', 'more-than-five-years'] as const;
export const AVAILABILITY = ['full-time', 'part-time', 'weekends-only', 'evenings-and-nights', 'flexible'] as const;

const FIRST = ['Maria', 'James', 'Aisha', 'Daniel', 'Sofia', 'Kevin', 'Grace', 'Luis', 'Hannah', 'Marcus', 'Priya', 'Owen', 'Fatima', 'Ethan', 'Rosa', 'Tyler', 'Mei', 'Andre', 'Chloe', 'Samuel', 'Nadia', 'Patrick', 'Yolanda', 'Brian', 'Keisha', 'Victor', 'Emily', 'Hector', 'Linh', 'Joseph', 'Ann', 'Devon'];
const LAST = ['Rodriguez', "O'Brien", 'Nguyen', 'Kowalski', 'Thompson', 'Patel', 'Santos', 'Murphy', 'Washington', 'Rossi', 'Kim', 'Lee', 'Hernandez', 'Fitzgerald', 'Okafor', 'Johnson', 'DeLuca', 'Chen', 'Brooks', 'Silva', 'Ramirez', 'Novak', 'Bailey', 'Costa', 'Ahmed', 'Morales', 'Sullivan', 'Pham', 'Greene', 'Baptiste', 'Lee-Park', 'Castillo'];
const TOWNS = ['New Haven', 'Middletown', 'Norwich', 'Stamford', 'Hamden', 'Old Saybrook', 'Groton', 'Milford', 'Meriden', 'Bridgeport'];
const LETTERS = [
  (first: string, town: string) => `Dear Hiring Team,\n\nI cared for my grandmother for three years in ${town}, and it taught me patience and how much small routines matter.\n\nI would love to bring that care to your clients.\n\nThank you,\n${first}`,
  (first: string) => `Hello,\n\nI have worked as a personal care assistant and enjoy cooking, conversation and helping people stay independent at home.\n\nI have a clean driving record and my own car.\n\nBest regards,\n${first}`,
  (first: string, town: string) => `To whom it may concern,\n\nAfter ten years in a busy medical office in ${town}, I am looking for a role where scheduling and calm phone calls help families directly.\n\nI am organized, bilingual (English and Spanish), and comfortable with spreadsheets.\n\nSincerely,\n${first}`,
  (first: string) => `Hi,\n\nI am a CNA student looking for flexible hours around my classes. I am reliable, a good listener, and love older people's stories.\n\n${first}`,
  () => '',
];

/** A small deterministic generator, so the demo data is the same on every start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a visitor sent in a row of public.job_applications (the workflow's columns start at their defaults). */
export type SeedApplication = JobApplicationSent;

export function demoApplications(count: number, now = Date.now(), seed = 20261121, withResumes = true): SeedApplication[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7 + Math.floor(i / LAST.length)) % LAST.length]!;
    // The first tenth within the last week, the rest spread over 30 days (newest first is not assumed).
    const ageDays = i < Math.ceil(count / 5) ? next() * 6.5 : next() * 30;
    const id = randomUUID();
    const town = pick(TOWNS);
    return {
      id,
      created_at: new Date(now - ageDays * 86_400_000).toISOString(),
      first_name: first,
      last_name: last,
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + (i >= FIRST.length ? i : '') + '@example.com',
      phone: `(${pick(['203', '860', '475', '959'])}) 555-01${String(Math.floor(next() * 100)).padStart(2, '0')}`,
      position: i % 3 === 2 ? POSITIONS[1] : POSITIONS[0],
      experience: EXPERIENCE[i % EXPERIENCE.length]!,
      availability: AVAILABILITY[(i * 2) % AVAILABILITY.length]!,
      has_transportation: next() < 0.7,
      has_license: next() < 0.75,
      cover_letter: pick(LETTERS)(first, town),
      resume_url: withResumes && i % 3 !== 1 ? `${id}/${randomUUID()}.pdf` : null,
      spam_reason: null,
    };
  });
}

/** A one-page PDF resume with the applicant's name and details. */
export async function resumePdf(application: SeedApplication): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${application.first_name} ${application.last_name} - Resume`);
  const page = pdf.addPage([612, 792]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`${application.first_name} ${application.last_name}`, { x: 72, y: 700, size: 24, font: bold, color: rgb(0.05, 0.36, 0.34) });
  const lines = [application.email, application.phone, '', `Position sought: ${application.position}`, `Experience: ${application.experience}`, `Availability: ${application.availability}`];
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 18, size: 12, font: regular }));
  return pdf.save();
}

/** Inserts applications and their resumes as the superuser (the way the service role would). */
export async function seedApplications(db: Db, applications: SeedApplication[]): Promise<void> {
  const batch = 500;
  for (let i = 0; i < applications.length; i += batch) {
    await db.query(
      `insert into public.job_applications select * from json_populate_recordset(null::public.job_applications, $1::json)`,
      [JSON.stringify(applications.slice(i, i + batch))],
    );
  }
  for (const application of applications.filter((a) => a.resume_url)) {
    const data = await resumePdf(application);
    const version = randomUUID();
    const metadata = { eTag: `"${version}"`, size: data.byteLength, mimetype: 'application/pdf', cacheControl: 'max-age=3600', contentLength: data.byteLength, httpStatusCode: 200 };
    await db.query('insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, $4)', ['resumes', application.resume_url, JSON.stringify(metadata), version]);
    await db.query('insert into standin.blobs (bucket_id, name, version, data) values ($1, $2, $3, $4)', ['resumes', application.resume_url, version, data]);
  }
}

/** What a visitor sent in a row of public.inquiries (the workflow's columns start at their defaults). */
export type SeedInquiry = InquirySent;

/** The demo inquiries a fresh stand-in gets; `demoInquiries(n)` repeats their situations under other names past these. */
export const DEMO_INQUIRIES = 8;

const SITUATIONS: ReadonlyArray<Omit<SeedInquiry, 'id' | 'created_at' | 'name' | 'phone' | 'email' | 'spam_reason' | 'consent_version' | 'consented_at'> & { name: string; reply: 'phone' | 'email' | 'both' }> = [
  {
    name: 'Margaret Doyle', reply: 'both', care_for: 'a-parent', town: 'Hamden', services: ['companionship', 'meal-preparation'], call_time: 'morning', page: '/contact',
    message: 'My father is 86 and still lives on his own in Hamden. He is sharp but has stopped cooking for himself.\n\nCould someone come three afternoons a week to make a meal and keep him company?',
  },
  {
    name: 'Robert Castellano', reply: 'phone', care_for: 'a-spouse-or-partner', town: 'Milford', services: ['post-surgical-recovery', 'transportation'], call_time: 'afternoon', page: '/',
    message: 'My wife has a knee replacement on the 14th. We need help at home for the first two weeks and rides to physical therapy.',
  },
  {
    name: 'Denise Whitaker', reply: 'email', care_for: 'myself', town: 'Old Saybrook', services: ['housekeeping', 'grocery-shopping'], call_time: '', page: '/contact',
    message: 'I am 79 and manage well, but the vacuuming and the shopping are getting hard. What would a weekly visit cost?',
  },
  {
    name: 'Tomás Ferreira', reply: 'both', care_for: 'a-parent', town: 'Bridgeport', services: ['early-dementia-care', 'medication-reminders', 'safety-monitoring'], call_time: 'evening', page: '/',
    message: 'Mom was diagnosed with early Alzheimer\'s last spring. My brother and I both work days.\nShe forgets her pills and has left the stove on twice.\n\nWe speak Portuguese at home; is there a caregiver who does?',
  },
  {
    name: 'Janelle Brooks', reply: 'phone', care_for: 'myself', town: 'Norwich', services: ['postpartum-care'], call_time: 'morning', page: '/contact',
    message: 'Expecting twins in March. Looking for overnight help for the first month.',
  },
  {
    name: 'Alan Pruitt', reply: 'email', care_for: 'someone-else', town: 'Stamford', services: [], call_time: '', page: '/contact',
    message: 'I look after a neighbour who has no family nearby. Do you take referrals from friends, and who would pay?',
  },
  {
    name: 'Sunita Rao', reply: 'both', care_for: 'a-spouse-or-partner', town: '', services: ['24-hour-care', 'personal-care'], call_time: 'afternoon', page: '/',
    message: '',
  },
  {
    name: 'Walter Kim', reply: 'phone', care_for: 'a-parent', town: 'Middletown', services: ['caregiver-respite'], call_time: 'evening', page: '',
    message: 'I care for my mother full time. I need a break one weekend a month. Please call after 6.',
  },
];

/** `count` inquiries: the demo situations first, as written, then the same situations under generated names. */
export function demoInquiries(count = DEMO_INQUIRIES, now = Date.now(), seed = 20261123): SeedInquiry[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const { reply, ...situation } = SITUATIONS[i % SITUATIONS.length]!;
    const name = i < SITUATIONS.length ? situation.name : `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + Math.floor(i / LAST.length)) % LAST.length]}`;
    const mailbox = name.normalize('NFKD').toLowerCase().replace(/[^a-z ]/g, '').replace(/ /g, '.') + (i >= SITUATIONS.length ? i : '');
    // Three in eight within the last week, the rest over 30 days.
    const ageDays = i % 8 < 3 ? next() * 6.5 : 7 + next() * 23;
    const created = new Date(now - ageDays * 86_400_000).toISOString();
    return {
      ...situation,
      spam_reason: null,
      id: randomUUID(),
      created_at: created,
      consent_version: inquiryChoices.consent.version,
      consented_at: created,
      name,
      phone: reply === 'email' ? '' : `(${['203', '860', '475', '959'][i % 4]}) 555-01${String(Math.floor(next() * 100)).padStart(2, '0')}`,
      email: reply === 'phone' ? '' : `${mailbox}@example.com`,
    };
  });
}

/** Inserts inquiries as the superuser (the way the submit-inquiry function's service role does). */
export async function seedInquiries(db: Db, inquiries: SeedInquiry[]): Promise<void> {
  for (let i = 0; i < inquiries.length; i += 1000) {
    // Every column is given (select *): a demo request is never the deploy's test (20261129200000_test_requests.sql).
    const rows = inquiries.slice(i, i + 1000).map((inquiry) => ({ deploy_test: false, ...inquiry }));
    await db.query(`insert into public.inquiries select * from json_populate_recordset(null::public.inquiries, $1::json)`, [JSON.stringify(rows)]);
  }
}

/** One thing a staff member did to a demo record: take it, hand it on, move it, or write a note. */
type Step = { staff: number } & ({ owner: number | null } | { stage: string } | { note: string });

/**
 * What happened to the demo records, oldest step first: stories an agency's week is made of. Staff are given by
 * their place in the staff list (0: the demo staff member, 1: the colleague, 2: the admin).
 */
const APPLICATION_STORIES: ReadonlyArray<ReadonlyArray<Step>> = [
  [{ staff: 0, owner: 0 }, { staff: 0, stage: 'contacted' }, { staff: 0, note: 'Phone screen done: available weekends and evenings, has her own car. Wants to start within two weeks.' }],
  [{ staff: 1, owner: 1 }, { staff: 1, stage: 'contacted' }, { staff: 1, note: 'Left a voicemail, will try again tomorrow morning.' }, { staff: 1, stage: 'interview-booked' }, { staff: 1, note: 'Interview booked for Tuesday at 10:00 in the office.' }],
  [{ staff: 0, owner: 0 }, { staff: 0, stage: 'contacted' }, { staff: 0, stage: 'interview-booked' }, { staff: 0, note: 'Interviewed: warm, punctual, two good references. Recommend an offer.' }, { staff: 2, stage: 'offer-made' }],
  [{ staff: 1, owner: 1 }, { staff: 1, stage: 'contacted' }, { staff: 1, stage: 'interview-booked' }, { staff: 1, stage: 'offer-made' }, { staff: 1, stage: 'hired' }, { staff: 1, note: 'Accepted the offer; orientation on Monday.' }],
  [{ staff: 0, owner: 0 }, { staff: 0, stage: 'contacted' }, { staff: 0, note: 'Not available for the hours we need (weekday mornings only, ending at 11).' }, { staff: 0, stage: 'not-a-fit' }],
  [{ staff: 2, owner: 1 }, { staff: 1, stage: 'contacted' }, { staff: 1, note: 'Took a job closer to home; thanked us.' }, { staff: 1, stage: 'withdrew' }],
  [{ staff: 1, owner: 0 }],
];

const INQUIRY_STORIES: ReadonlyArray<ReadonlyArray<Step>> = [
  [{ staff: 0, owner: 0 }, { staff: 0, stage: 'contacted' }, { staff: 0, note: 'Spoke with the daughter: help three mornings a week, mainly meals and company. Home visit offered.' }, { staff: 0, stage: 'assessment-booked' }, { staff: 0, note: 'Home visit booked for Thursday at 14:00.' }],
  [{ staff: 1, owner: 1 }, { staff: 1, note: 'Left a message; the family asked for calls after 18:00.' }, { staff: 1, stage: 'contacted' }],
  [{ staff: 0, owner: 0 }, { staff: 0, stage: 'contacted' }, { staff: 0, stage: 'assessment-booked' }, { staff: 0, note: 'Assessment done: 12 hours a week, companionship and meal preparation. Care plan signed.' }, { staff: 0, stage: 'became-a-client' }],
  [{ staff: 1, owner: 1 }, { staff: 1, stage: 'contacted' }, { staff: 1, note: 'Outside our service area; gave the number of an agency in Hartford County.' }, { staff: 1, stage: 'not-a-fit' }],
  [{ staff: 2, owner: 1 }],
];

interface WorkedRecord {
  id: string;
  created_at: string;
}

/**
 * Gives demo records a workflow, as if staff had worked them: stages, owners, notes and their history, at
 * times between the record's arrival and now. The newest records of each list (a quarter, at least one) are
 * left new and untaken, as they would be. Written directly as the database owner, with the triggers that
 * stamp events at the current time held off (session_replication_role), so each event keeps its own time.
 */
export async function seedWorkflow(db: Db, list: 'applications' | 'inquiries', records: ReadonlyArray<WorkedRecord>, now = Date.now()): Promise<void> {
  const staff = (await db.query<{ user_id: string }>("select user_id from public.staff where active order by created_at, display_name")).rows.map((row) => row.user_id);
  const table = list === 'applications' ? 'job_applications' : 'inquiries';
  // The stages the content gives now: a story stops before a stage the content no longer has.
  const stages = (await db.query<{ code: string }>(`select code from public.${list === 'applications' ? 'application_stages' : 'inquiry_stages'} order by position`)).rows.map((row) => row.code);
  if (staff.length === 0 || records.length === 0 || stages.length === 0) return;
  const who = (index: number) => staff[index % staff.length]!;
  const stories = list === 'applications' ? APPLICATION_STORIES : INQUIRY_STORIES;
  const newestFirst = [...records].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const untouched = Math.max(1, Math.ceil(newestFirst.length / 4));

  const rows: Array<{ id: string; stage: string; owner: string | null; stage_changed_at: string }> = [];
  const notes: Array<Record<string, unknown>> = [];
  const events: Array<Record<string, unknown>> = [];
  newestFirst.slice(untouched).forEach((record, index) => {
    const story = stories[index % stories.length]!;
    const start = Date.parse(record.created_at);
    // Spread over the time since it arrived, the last step at most a day ago or halfway there.
    const span = Math.max(60_000, Math.min(now - start - 3_600_000, (now - start) / 2 + 86_400_000));
    let stage = stages[0]!;
    let owner: string | null = null;
    let changed = record.created_at;
    const known = story.findIndex((step) => 'stage' in step && !stages.includes(step.stage));
    story.slice(0, known < 0 ? story.length : known).forEach((step, i) => {
      const at = new Date(start + (span * (i + 1)) / (story.length + 1)).toISOString();
      const base = { list, record_id: record.id, actor: who(step.staff), at };
      if ('owner' in step) {
        const to = step.owner === null ? null : who(step.owner);
        events.push({ ...base, kind: 'owner', from_value: owner, to_value: to });
        owner = to;
      } else if ('stage' in step) {
        events.push({ ...base, kind: 'stage', from_value: stage, to_value: step.stage });
        stage = step.stage;
        changed = at;
      } else {
        const id = randomUUID();
        notes.push({ id, [list === 'applications' ? 'application_id' : 'inquiry_id']: record.id, author: who(step.staff), body: step.note, created_at: at });
        events.push({ ...base, kind: 'note', note_id: id });
      }
    });
    rows.push({ id: record.id, stage, owner, stage_changed_at: changed });
  });

  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.query(
        `update public.${table} as t set stage = r.stage, owner = r.owner, stage_changed_at = r.stage_changed_at
         from json_to_recordset($1::json) as r(id uuid, stage text, owner uuid, stage_changed_at timestamptz) where t.id = r.id`,
        [JSON.stringify(rows.slice(i, i + 1000))],
      );
    }
    for (let i = 0; i < notes.length; i += 1000) {
      await tx.query('insert into public.record_notes select * from json_populate_recordset(null::public.record_notes, $1::json)', [JSON.stringify(notes.slice(i, i + 1000))]);
    }
    for (let i = 0; i < events.length; i += 1000) {
      await tx.query(
        `insert into public.record_events (list, record_id, kind, actor, from_value, to_value, note_id, at)
         select list, record_id, kind, actor, from_value, to_value, note_id, at
         from json_populate_recordset(null::public.record_events, $1::json)`,
        [JSON.stringify(events.slice(i, i + 1000))],
      );
    }
  });
}
