/**
 * Runs the prerender (prerender.mjs, a plain-Node process) and writes each page it sends into dist/client
 * with its style policy (securityHeaders.ts), while the prerender renders the next page: on two cores the
 * writing and the policy's hashing cost the build no time of their own.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PolicySources } from '../../src/security/headers.ts';
import { withPolicyWhereItApplies } from './securityHeaders.ts';

/** Resolves with the number of pages written; rejects with the prerender's exit code (its errors are on stderr). */
export function writePrerenderedPages(options: { client: string; plan: string; sources: PolicySources; env: NodeJS.ProcessEnv }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/lib/prerender.mjs', options.plan], { stdio: ['ignore', 'pipe', 'inherit'], env: options.env });
    let pages = 0;
    const made = new Set<string>();
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      const [file, html] = JSON.parse(line) as [string, string];
      const absolute = path.join(options.client, file);
      const folder = path.dirname(absolute);
      if (!made.has(folder)) mkdirSync(folder, { recursive: true });
      made.add(folder);
      writeFileSync(absolute, withPolicyWhereItApplies(file, html, options.sources).html);
      pages += 1;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(pages) : reject(new Error(`the prerender stopped with exit code ${code}; its output is above`))));
  });
}
