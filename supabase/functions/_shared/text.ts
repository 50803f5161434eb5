/**
 * What a visitor types into a public form, made fit to store and to show staff before any check reads it:
 * one spelling of each character (NFC), no control characters (NUL among them: Postgres refuses it in text,
 * which used to fail the whole post), no bidi controls that would reorder what staff read, and none of the
 * invisible characters that make a name look blank. Text with nothing visible left is ''. The form schemas
 * (application.ts, inquiry.ts) run every free-text field through it, so their limits count what is stored.
 * Web-standard JavaScript only: runs under Deno and Node.
 */

/** A single line (a name, a town, a phone number) or several (a message, a cover letter). */
export type TextShape = 'line' | 'lines';

/** Every mandatory line break of Unicode (UAX #14): CRLF, LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

/** Control characters (C0, DEL, C1), NUL among them; line breaks and tabs are dealt with before. */
const CONTROL = /\p{Cc}/gu;
/** The same, sparing the line feeds and tabs that shape a letter. */
const CONTROL_BUT_LF_TAB = /(?![\n\t])\p{Cc}/gu;

/**
 * Removed everywhere: characters that no name or message needs and that mislead whoever reads it.
 * - Bidi controls (ALM U+061C, LRM/RLM U+200E-F, embeddings and overrides U+202A-E, isolates U+2066-9): the
 *   direction of Arabic or Hebrew letters comes from the letters themselves; an override (U+202E) shows staff
 *   a name reversed.
 * - Zero-width space U+200B, word joiner and invisible operators U+2060-4, deprecated format controls
 *   U+206A-F, BOM U+FEFF, soft hyphen U+00AD, interlinear annotation U+FFF9-B: they only steer line breaking
 *   or hide text, and come in by pasting, never by typing a name.
 * - Hangul fillers U+3164 and U+FFA0: letters that draw nothing and join no syllable (the favourite "blank
 *   name" trick); Korean names are made of syllables.
 * Kept on purpose: ZWNJ U+200C and ZWJ U+200D (Persian names such as مهدی‌زاده, Indic conjuncts such as
 * Marathi's eyelash ra, Sinhala's ශ්‍රී, emoji sequences), the Mongolian vowel separator and variation
 * selectors U+180B-F (Mongolian spelling), the conjoining fillers U+115F/U+1160 (old Hangul syllables),
 * variation selectors (emoji; the ideographic ones choose the exact kanji of a Japanese name), tag characters
 * (flag emoji) and the braille blank U+2800 (a braille cell). None of them counts as visible below, so a name
 * made only of them is still refused.
 */
const STRIPPED = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u00AD\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB\u3164\uFFA0]/g;

/**
 * A character that draws something: a letter, digit, punctuation mark or symbol that Unicode does not mark
 * as ignorable (that excludes the fillers), and not the braille blank. Spaces and lone combining marks do not count.
 */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * The visitor's text as it is checked and stored: line breaks as LF and tabs kept in `lines`; in a `line`,
 * each of them becomes a space (a name pasted with a tab keeps its two words apart); every other control
 * character and the STRIPPED characters removed; NFC (after removing, which can bring a letter and its
 * accent together); trimmed. '' when nothing visible is left, so a required field gets its usual message.
 */
export function visitorText(value: string, shape: TextShape = 'line'): string {
  const cleaned = (shape === 'lines' ? value.replace(LINE_BREAK, '\n').replace(CONTROL_BUT_LF_TAB, '') : value.replace(LINE_BREAK, ' ').replace(/\t/g, ' ').replace(CONTROL, ''))
    .replace(STRIPPED, '')
    .normalize('NFC')
    .trim();
  return VISIBLE.test(cleaned) ? cleaned : '';
}
