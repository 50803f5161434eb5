/**
 * "What we hold about this person": one record as JSON, for an admin answering a person's request to see their
 * data. Everything the dashboard holds on the record: the row as stored (every column, the long text too), the
 * same fields as staff read them (the CSV's columns: labels, names, ISO dates), the staff's notes with their
 * authors, the record's history in sentences, and its resume's file name (not the file: the dashboard downloads
 * that apart). Pure: the caller loads the record (record.ts) and gives the names.
 */
import type { RecordEvent, RecordList, RecordNote } from '../../database.ts';
import { resumeFileName, type ApplicationSummary } from '../applications.ts';
import type { InquirySummary } from '../inquiries.ts';
import { recordNoun } from '../workflow/data.ts';
import { describeEvent } from '../workflow/eventText.ts';
import { APPLICATION_CSV_COLUMNS, INQUIRY_CSV_COLUMNS, isoDate, type ExportNames } from './listCsv.ts';

export interface WhatWeHold {
  list: RecordList;
  /** The whole row, as the database returned it. */
  row: Record<string, unknown>;
  events: readonly RecordEvent[];
  notes: readonly RecordNote[];
  exportedAt: Date;
  /** The admin exporting it, by name. */
  exportedBy: string;
}

export function whatWeHoldJson({ list, row, events, notes, exportedAt, exportedBy }: WhatWeHold, names: ExportNames): string {
  const readable =
    list === 'applications'
      ? Object.fromEntries(APPLICATION_CSV_COLUMNS.map(([header, value]) => [header, value(row as unknown as ApplicationSummary, names)]))
      : Object.fromEntries(INQUIRY_CSV_COLUMNS.map(([header, value]) => [header, value(row as unknown as InquirySummary, names)]));
  const resumeKey = list === 'applications' && typeof row.resume_url === 'string' ? row.resume_url : null;
  const ownerName = (id: string | null) => (id === null ? 'nobody' : names.staffName(id));
  const document = {
    about:
      list === 'applications'
        ? 'Everything the staff dashboard holds about this job applicant: the application as sent and worked, staff notes, its history, and the name of the resume file (the file itself is not included).'
        : 'Everything the staff dashboard holds about this person\'s contact request: the request as sent and worked, staff notes, and its history.',
    list,
    exportedAt: exportedAt.toISOString(),
    exportedBy,
    record: row,
    readable,
    resume: resumeKey ? { fileName: resumeFileName(String(row.first_name ?? ''), String(row.last_name ?? '')), storedAs: resumeKey } : null,
    notes: [...notes]
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((note) => ({ written: isoDate(note.created_at), by: note.author === null ? 'a former staff member' : names.staffName(note.author), text: note.body, edited: note.edited_at ? isoDate(note.edited_at) : null })),
    history: [...events]
      .sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id)
      .map((event) => ({ at: isoDate(event.at), what: describeEvent(event, list, { userId: '', ownerName }), event: event.kind })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** 'what-we-hold-application-1a2b3c4d.json': the kind of record and the start of its id, never a name. */
export function recordJsonFileName(list: RecordList, id: string): string {
  return `what-we-hold-${recordNoun(list)}-${id.slice(0, 8)}.json`;
}
