/**
 * Runs a command and measures the peak memory of its whole process tree: the sum of the resident memory of
 * every process in its process group, sampled from /proc every few milliseconds. GNU time's %M is the largest
 * single process only, which misses a parent that stays alive beside the child doing the work (Linux only).
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface TreeRun {
  status: number;
  stdout: string;
  stderr: string;
  seconds: number;
  /** Peak of the sum of resident memory over the tree, in KiB (NaN where /proc is not available). */
  peakTreeKb: number;
}

const PAGE_KB = 4;

/** The resident memory (KiB) of every process whose process group is `group`, summed. */
function groupRssKb(group: number): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
      // state ppid pgrp ... ; rss is the 24th field of the whole line.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      sum += Number(fields[21]) * PAGE_KB;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return sum;
}

export function runMeasuringTree(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; intervalMs?: number } = {}): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // A process group of its own: every process the command starts is in it, unless it moves itself out.
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let peak = 0;
    let measurable = true;
    const sample = () => {
      try {
        if (child.pid) peak = Math.max(peak, groupRssKb(child.pid));
      } catch {
        measurable = false;
      }
    };
    const timer = setInterval(sample, options.intervalMs ?? 20);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ status: code ?? 1, stdout, stderr, seconds: (performance.now() - started) / 1000, peakTreeKb: measurable ? peak : Number.NaN });
    });
  });
}
