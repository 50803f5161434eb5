/**
 * Writes a file the build generates from content (the forms' choices for the Edge Functions, the workflow's SQL
 * for the database) only when its text changed, so an unchanged build touches nothing that is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** Returns true when the file was written (it was missing or said something else). */
export function writeIfChanged(file: string, text: string): boolean {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  writeFileSync(file, text);
  return true;
}
