/**
 * The reports as the database computes them (public.report_inquiries and public.report_applications, SQL
 * functions with security invoker: staff only, under RLS), called through the dashboard's supabase-js client.
 * Each covers the requests created in [from, to); minutes are numbers, null when there was nothing to measure.
 * The shape is the one the functions' migration documents (issue 31's shared decisions).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.ts';
import { LoadError } from '../records.ts';
import type { Period, Range } from './periods.ts';

export interface FirstReply {
  medianMinutes: number | null;
  p90Minutes: number | null;
  officeMedianMinutes: number | null;
  officeP90Minutes: number | null;
  within15: number;
  within60: number;
  withinPromise: number;
  promiseHours: number;
}

export interface StageCount {
  stage: string;
  count: number;
}

export interface InquiryReport {
  count: number;
  answered: number;
  firstReply: FirstReply;
  byOwner: Array<{ owner: string | null; count: number; answered: number; medianMinutes: number | null; withinPromise: number }>;
  bySource: Array<{ source: string | null; count: number; answered: number; medianMinutes: number | null; withinPromise: number; converted: number }>;
  byHeardAbout: Array<{ heardAbout: string | null; count: number; converted: number }>;
  funnel: Array<{ stage: string; reached: number }>;
  closed: StageCount[];
}

export interface ApplicationReport {
  count: number;
  answered: number;
  firstContact: FirstReply;
  byPosition: Array<{ position: string | null; count: number; hired: number }>;
  bySource: Array<{ source: string | null; count: number; hired: number }>;
  byHeardAbout: Array<{ heardAbout: string | null; count: number; hired: number }>;
  timeToHire: { count: number; medianDays: number | null; p90Days: number | null };
  funnel: Array<{ stage: string; reached: number }>;
  closed: StageCount[];
}

/** A report of this period and of the one before it. */
export interface Compared<T> {
  now: T;
  before: T;
}

export interface Reports {
  inquiries: Compared<InquiryReport>;
  applications: Compared<ApplicationReport>;
}

type Rpc = (fn: string, args: { p_from: string; p_to: string }) => PromiseLike<{ data: unknown; error: { message: string } | null; status: number }>;

async function call<T>(client: SupabaseClient<Database>, fn: 'report_inquiries' | 'report_applications', range: Range): Promise<T> {
  // Called by name: the functions' types are not in src/database.ts's generated part.
  const rpc = client.rpc.bind(client) as unknown as Rpc;
  const { data, error, status } = await rpc(fn, { p_from: range.from.toISOString(), p_to: range.to.toISOString() });
  if (error) throw new LoadError(error.message, status);
  if (data === null || typeof data !== 'object') throw new LoadError(`${fn} gave no report`, status);
  return data as T;
}

/** Both reports for the period and for the one before it: four calls at once. */
export async function loadReports(client: SupabaseClient<Database>, period: Period): Promise<Reports> {
  const [inquiriesNow, inquiriesBefore, applicationsNow, applicationsBefore] = await Promise.all([
    call<InquiryReport>(client, 'report_inquiries', period),
    call<InquiryReport>(client, 'report_inquiries', period.previous),
    call<ApplicationReport>(client, 'report_applications', period),
    call<ApplicationReport>(client, 'report_applications', period.previous),
  ]);
  return { inquiries: { now: inquiriesNow, before: inquiriesBefore }, applications: { now: applicationsNow, before: applicationsBefore } };
}
