/**
 * CSV as spreadsheets read it safely: RFC 4180 (fields separated by commas, records by CRLF; a field holding a
 * comma, a double quote, CR or LF is wrapped in double quotes, its quotes doubled), UTF-8 with a byte-order mark
 * (so Excel reads accents as accents, not as 'Ã©'), and no formulas: a cell that starts with = + - @, a tab or a
 * carriage return (or their full-width forms, which some spreadsheets take for the same) is given a leading
 * apostrophe, so a visitor who wrote `=HYPERLINK(...)` as their name gets text in the sheet, not a live formula
 * (OWASP, "CSV Injection"). The apostrophe is visible in a text editor; a spreadsheet hides it. Pure functions.
 */

/** The byte-order mark, first in the file: it tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';

/** What a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then one record per row, each line ended by CRLF, with the byte-order mark first. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;
  return BOM + line(header) + rows.map(line).join('');
}
