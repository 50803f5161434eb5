/**
 * The folder a build writes into. `npm run build` builds into a folder of its own beside dist/client and moves it
 * into place only when every step succeeded (scripts/build.ts), so a failed build leaves the site served as it was.
 * The build names that folder in BUILD_DIR for its steps: the bundler, and the prerender, whose page code reads
 * the scripts' manifests from it. Unset, it is dist/.
 */
import path from 'node:path';

export const BUILD_DIR_ENV = 'BUILD_DIR';

export function buildDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(cwd, env[BUILD_DIR_ENV] || 'dist');
}
