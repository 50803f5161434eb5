// Runs in the stand-in's password threads (passwords.ts): bcrypt at GoTrue's cost, away from the event loop.
// Plain JavaScript, so that a worker starts the same on every Node the project supports (no TypeScript loader).
import bcrypt from 'bcryptjs';

/** @param {{ password: string; hash: string }} job */
export function compare({ password, hash }) {
  return bcrypt.compareSync(password, hash);
}

/** @param {{ password: string }} job */
export function hash({ password }) {
  return bcrypt.hashSync(password, 10);
}
