/**
 * How the dashboard shows an application's codes: the job's title and the form's labels, from the same
 * generated choices the submit-application function validates with. A code that is no longer offered (a
 * closed job, a removed choice) still reads well, as capitalised words: 'weekends-only' -> 'Weekends Only'.
 */
import { formChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { codeToWords } from './applications.ts';

export function labelOf(kind: 'position' | 'experience' | 'availability', code: string): string {
  if (kind === 'position') return formChoices.positions.find((p) => p.code === code)?.title ?? codeToWords(code);
  return formChoices[kind].find((c) => c.code === code)?.label ?? codeToWords(code);
}
