/**
 * Writes a file the build generates from content (the forms' choices for the Edge Functions, the workflow's SQL
 * for the database) only when its text changed, so an unchanged build touches nothing that is committed.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Returns true when the file was written (it was missing or said something else). */
export function writeIfChanged(file: string, text: string): boolean {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  // Written beside it and renamed over it: a reader watching the file (the stand-in under `npm start`) never sees
  // half of it.
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, text);
  renameSync(next, file);
  return true;
}
