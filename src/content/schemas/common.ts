/**
 * Building blocks shared by the content schemas: icon names, colour tones, slugs, short texts.
 * Every `.meta({ description })` here is the one comment of its field; it also becomes the hover text
 * in the editor through the generated JSON Schema files.
 */
import { iconNames } from 'lucide-react/dynamic';
import { z } from 'zod';

/**
 * Every icon name the schema accepts (lucide's names, kebab-case), sorted; the JSON Schema offers them as
 * completions. Taken from lucide's name list rather than its components, which are only loaded to draw.
 */
export const ICON_NAMES = [...iconNames].sort() as [string, ...string[]];

export const iconName = z.enum(ICON_NAMES).meta({
  id: 'icon',
  description: 'An icon name from https://lucide.dev/icons, written in kebab-case, e.g. "heart-handshake".',
});

/** Colour tones of the cards; the theme maps each to text and background colours that pass WCAG AA. */
export const TONES = ['rose', 'amber', 'teal', 'sky', 'violet', 'emerald', 'indigo', 'orange'] as const;
export type Tone = (typeof TONES)[number];
export const tone = z.enum(TONES).meta({
  id: 'tone',
  description: `The card's colour tone: one of ${TONES.join(', ')}.`,
});

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by hyphens, e.g. "meal-preparation"');

/** A trimmed, non-empty line of text with a maximum length (what a card or heading can hold). */
export function text(max: number) {
  return z.string().trim().min(1).max(max);
}

/**
 * Fields a content type used to have, each with what to do instead, given the file that still writes one: it
 * is told that rather than only "unknown field". Keyed by the object schema that no longer has them.
 */
export const retiredFields = z.registry<Record<string, (file: string) => string>>();

/**
 * Why a required field is required, for the fields whose absence is more than an omission (a review's consent):
 * a message about the field missing adds these words, so the editor reads why the build will not go on without it.
 */
export const requiredBecause = z.registry<{ why: string }>();

/** 'content/services/foot-care.yaml' -> 'foot-care' */
export function baseName(file: string): string {
  return file.replace(/^.*\/|\.[^.]*$/g, '');
}
