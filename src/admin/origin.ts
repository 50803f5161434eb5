/**
 * Where a record came from, as the record dialog shows it: the source (leadOrigin.ts sourceOf), the answer to "How
 * did you hear about us?", the landing page of the visit and its campaign. Records stored before the forms asked
 * say so rather than show blanks.
 */
import type { LeadOrigin } from '../../supabase/functions/_shared/leadOrigin.ts';
import type { CodeKind } from '../adminPage.ts';
import { labelOf } from './labels.ts';

/** The origin columns every list reads (INQUIRY_COLUMNS, APPLICATION_COLUMNS). */
export const ORIGIN_COLUMNS = 'source, heard_about, landing_page, referrer_host, utm_medium, utm_campaign';

type Origin = Partial<Pick<LeadOrigin, 'source' | 'landing_page' | 'referrer_host' | 'utm_medium' | 'utm_campaign'>> & { heard_about?: string | null | undefined };

/** The dialog's terms and values of a record's origin; `heardAbout` is the list's kind of answer. */
export function originDetails(row: Origin, heardAbout: Extract<CodeKind, 'inquiryHeardAbout' | 'applicationHeardAbout'>): Array<[string, string]> {
  if (!row.source) return [['Source', 'Not recorded (sent before sources were kept)']];
  const campaign = row.utm_campaign ? `${row.utm_campaign}${row.utm_medium ? ` (${row.utm_medium})` : ''}` : row.utm_medium ? `None named (${row.utm_medium})` : 'None';
  return [
    ['Source', row.referrer_host && row.source !== row.referrer_host.replace(/^www\./, '') ? `${row.source} (came from ${row.referrer_host})` : row.source],
    ['How they heard of us', row.heard_about ? labelOf(heardAbout, row.heard_about) : 'Not answered'],
    ['Landing page', row.landing_page ?? 'Not recorded'],
    ['Campaign', campaign],
  ];
}
