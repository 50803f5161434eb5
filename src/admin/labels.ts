/**
 * How the dashboard shows a stored code: the job's title or the form's label, from the same choices the Edge
 * Functions validate with (src/forms/formChoices.ts). They come with the page (pages/admin/+data.ts) rather
 * than in the bundle, so that adding a service, a job or a choice is a content-only rebuild. A code that is no
 * longer offered (a closed job, a removed choice, a deleted service) still reads well, as capitalised words:
 * 'weekends-only' -> 'Weekends Only'.
 */

import type { CodeKind, Labels } from '../adminPage.ts';

let labels: Map<string, string> = new Map();

/** Given the page's labels once, before the dashboard renders (pages/admin/+onRenderClient.tsx). */
export function setLabels(given: Labels): void {
  labels = new Map(Object.entries(given).flatMap(([kind, choices]) => choices.map(({ code, label }) => [`${kind} ${code}`, label] as const)));
}

export function labelOf(kind: CodeKind, code: string): string {
  return labels.get(`${kind} ${code}`) ?? codeToWords(code);
}

/** 'care-scheduling-coordinator' -> 'Care Scheduling Coordinator'; '1-3-years' -> '1 3 Years'. */
export function codeToWords(code: string): string {
  return code
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
