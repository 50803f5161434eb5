/**
 * Password hashing and checking for the stand-in's auth, on worker threads. One bcrypt comparison at cost 10 takes
 * about 75 ms of unbroken CPU; on the event loop, a burst of wrong passwords would hold up every REST, storage and
 * function request behind it. Here they queue on their own threads instead (piscina's pool: a queue, idle threads
 * closed, a worker that dies replaced).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

export interface Passwords {
  /** Whether `password` matches the bcrypt `hash`. */
  compare(password: string, hash: string): Promise<boolean>;
  /** A bcrypt hash of `password` at GoTrue's cost (10). */
  hash(password: string): Promise<string>;
  close(): Promise<void>;
}

export function createPasswords(): Passwords {
  const pool = new Piscina({
    filename: new URL('./passwordWorker.mjs', import.meta.url).href,
    // Half the cores: the rest stay for the event loop and PGlite, which the other requests need.
    minThreads: 0,
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    idleTimeout: 30_000,
  });
  return {
    compare: (password, hash) => pool.run({ password, hash }, { name: 'compare' }) as Promise<boolean>,
    hash: (password) => pool.run({ password }, { name: 'hash' }) as Promise<string>,
    close: () => pool.destroy(),
  };
}
