/**
 * How the dashboard shows an application's codes: the job's title and the form's labels, from the same
 * generated choices the submit-application function validates with. A code that is no longer offered (a
 * closed job, a removed choice) still reads well, as capitalised words: 'weekends-only' -> 'Weekends Only'.
 */
import { formChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { codeToWords } from './applications.ts';

const labels = {
  position: new Map(formChoices.positions.map((p) => [p.code, p.title])),
  experience: new Map(formChoices.experience.map((c) => [c.code, c.label])),
  availability: new Map(formChoices.availability.map((c) => [c.code, c.label])),
};

export function labelOf(kind: keyof typeof labels, code: string): string {
  return labels[kind].get(code) ?? codeToWords(code);
}
