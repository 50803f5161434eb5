/**
 * The build's first step, in a process of its own so that its memory (the parser, the schemas, every file's
 * syntax tree) is given back before the bundler and the prerender start: scripts/generator/contentCheck.ts, with the
 * service files valid in the previous build kept beside the snapshot (validated-services.json), as long as the
 * content code (src/content/) and the dependencies are the same.
 * Usage: content-step <snapshot file> <result file>; the result is a ContentStepResult.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkContent, readValidatedServices, updatedLines, writeValidatedServices } from './contentCheck.ts';

const [snapshotFile, resultFile] = process.argv.slice(2);
if (!snapshotFile || !resultFile) throw new Error('usage: contentStep.ts <snapshot file> <result file>');
// Kept beside the snapshot.
const validatedFile = path.join(path.dirname(snapshotFile), 'validated-services.json');
const validated = { known: readValidatedServices(validatedFile), next: new Map() };
const { result, content } = await checkContent(snapshotFile, validated);
if (content) writeValidatedServices(validatedFile, validated.next);
// What it wrote for the backend, said here: the build itself does not load the content code.
if (result.ok) for (const line of updatedLines(result)) console.log(line);
writeFileSync(resultFile, JSON.stringify(result));
