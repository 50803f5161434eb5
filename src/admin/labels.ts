/**
 * How the dashboard shows a stored code: the job's title or the form's label, from the same generated
 * choices the Edge Functions validate with. A code that is no longer offered (a closed job, a removed choice,
 * a deleted service) still reads well, as capitalised words: 'weekends-only' -> 'Weekends Only'.
 */
import { formChoices, inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';

const choices = {
  position: formChoices.positions.map(({ code, title }) => ({ code, label: title })),
  experience: formChoices.experience,
  availability: formChoices.availability,
  careFor: inquiryChoices.careFor,
  callTime: inquiryChoices.callTimes,
  service: inquiryChoices.services,
};

export type CodeKind = keyof typeof choices;

export function labelOf(kind: CodeKind, code: string): string {
  return choices[kind].find((choice) => choice.code === code)?.label ?? codeToWords(code);
}

/** 'care-scheduling-coordinator' -> 'Care Scheduling Coordinator'; '1-3-years' -> '1 3 Years'. */
export function codeToWords(code: string): string {
  return code
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
