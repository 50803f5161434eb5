/**
 * A throw-away copy of the project (sources and content, with node_modules linked, not copied), so that
 * build tests and benchmarks can add or break content files without touching the real ones.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withoutProductionSignals } from '../../src/launchHosts.ts';

// supabase/: the build writes the form's choices for the Edge Function there, and the site imports its shared contract.
const COPIED = ['content', 'pages', 'renderer', 'src', 'public', 'scripts', 'supabase', 'package.json', 'tsconfig.json', 'vite.config.ts'];

export interface ProjectCopy {
  dir: string;
  /**
   * Runs `npm run build`'s script in the copy; `maxRssKb` is the peak memory of the build process. A development
   * build unless `env` says otherwise: a host's production signals in this environment are left out.
   */
  build(env?: Record<string, string>): { status: number; stdout: string; stderr: string; seconds: number; maxRssKb: number };
  cleanup(): void;
}

export function copyProject(from = process.cwd()): ProjectCopy {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
  for (const entry of COPIED) cpSync(path.join(from, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(from, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return {
    dir,
    build(env = {}) {
      const started = performance.now();
      // GNU time reports the peak resident memory of the build (format %M, in KiB) on its last stderr line.
      const result = spawnSync('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, 'scripts/build.mjs'], {
        cwd: dir,
        env: { ...withoutProductionSignals(process.env), BUILD_QUIET: '1', ...env },
        encoding: 'utf8',
      });
      const seconds = (performance.now() - started) / 1000;
      const rss = /maxrss=(\d+)\s*$/.exec(result.stderr);
      return {
        status: result.status ?? 1,
        stdout: result.stdout,
        stderr: result.stderr.replace(/(Command exited with non-zero status \d+\n)?maxrss=\d+\s*$/, ''),
        seconds,
        maxRssKb: rss ? Number(rss[1]) : Number.NaN,
      };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
