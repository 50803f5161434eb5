/**
 * How a part of `npm start` (the site server, the stand-in, the mail catcher) says it cannot start: one line
 * beginning "Cannot start:", in plain words, naming the port and the variable that moves it when the port is
 * taken (most often by an `npm start` still running in another terminal). scripts/live/stack.ts shows that line.
 */

export const CANNOT_START = 'Cannot start:';

/** The plain-words reason a server could not listen or start. */
export function startFailure(error: unknown, where: { port: number; host: string; variable: string }): string {
  const code = (error as NodeJS.ErrnoException).code;
  const address = `${where.host}:${where.port}`;
  if (code === 'EADDRINUSE') {
    return `port ${address} is already in use, most likely by an \`npm start\` still running in another terminal (stop it with Ctrl-C), or by another program. Or choose another port: ${where.variable}=${where.port + 1} npm start`;
  }
  if (code === 'EACCES') return `this user may not listen on port ${address}; choose a port above 1023 with ${where.variable}.`;
  if (code === 'EADDRNOTAVAIL') return `this machine has no address ${where.host}; set HOST to one of its addresses (127.0.0.1 by default).`;
  return (error as Error).message ?? String(error);
}

/** Runs a part's start-up; on failure prints its "Cannot start:" line and exits with code 1. */
export async function startOrExit<T>(start: () => Promise<T>, where: { port: number; host: string; variable: string }): Promise<T> {
  try {
    return await start();
  } catch (error) {
    console.error(`${CANNOT_START} ${startFailure(error, where)}`);
    if (!(error as NodeJS.ErrnoException).code) console.error((error as Error).stack);
    process.exit(1);
  }
}
