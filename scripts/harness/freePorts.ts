/**
 * Free TCP ports on 127.0.0.1, found synchronously (a child process listens on port 0 and reports what it
 * got), for the places that must know a port before anything listens: the site is built for its stand-in's
 * URL, and playwright.config.ts cannot wait. Nothing here depends on a fixed port being free.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

const FIND = `
const net = require('node:net');
const servers = [];
const count = Number(process.argv[1]);
const next = () => {
  if (servers.length === count) {
    console.log(servers.map((s) => s.address().port).join(' '));
    return servers.forEach((s) => s.close());
  }
  const server = net.createServer().listen(0, '127.0.0.1', next);
  servers.push(server);
};
next();`;

export function freePorts(count: number): number[] {
  const found = spawnSync(process.execPath, ['-e', FIND, String(count)], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`Could not find free ports: ${found.stderr}`);
  return found.stdout.trim().split(' ').map(Number);
}

/** Whether a server could listen on this port of 127.0.0.1 now (nothing holds it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false)).listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
