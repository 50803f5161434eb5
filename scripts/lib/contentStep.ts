/**
 * The build's first step, in a process of its own so that its memory (the parser, the schemas, every file's
 * syntax tree) is given back before the bundler and the prerender start: scripts/lib/contentCheck.ts, with the
 * service files valid in the previous build kept beside the snapshot (validated-services.json), as long as the
 * content code (src/content/) and the dependencies are the same.
 * Usage: content-step <snapshot file> <result file>; the result is a ContentStepResult.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidatedServices } from '../../src/content/loader.ts';
import type { Service } from '../../src/content/schemas/service.ts';
import { checkContent, validationCodeKey } from './contentCheck.ts';

const [snapshotFile, resultFile] = process.argv.slice(2);
if (!snapshotFile || !resultFile) throw new Error('usage: contentStep.ts <snapshot file> <result file>');
// Kept beside the snapshot.
const validatedFile = path.join(path.dirname(snapshotFile), 'validated-services.json');
const key = validationCodeKey();
let known = new Map<string, Service>();
try {
  const kept = JSON.parse(readFileSync(validatedFile, 'utf8')) as { key: string; services: Array<[string, Service]> };
  if (kept.key === key) known = new Map(kept.services);
} catch {
  // None kept yet: every file is validated.
}
const validated: ValidatedServices = { known, next: new Map() };
const { result, content } = await checkContent(snapshotFile, validated);
if (content) writeFileSync(validatedFile, JSON.stringify({ key, services: [...validated.next] }));
writeFileSync(resultFile, JSON.stringify(result));
