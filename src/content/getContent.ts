/**
 * `getContent()`: the validated content for the renderer and the pages' data hooks. In a build the content is
 * validated once, before the bundler runs, and read here from that snapshot; the validating loader (loader.ts, with
 * zod and the YAML and MDX parsers) is loaded only when there is no snapshot to read (development, tests) or it no
 * longer matches the files. So the prerender, which renders every page, never loads it. Kept apart from content.ts,
 * which the loader imports, so that no two content modules import each other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash, contentRoot, type Content, type ContentSnapshot } from './content.ts';
import { CONTENT_SNAPSHOT_ENV } from './snapshotEnv.ts';

/** Reads and validates content/ (loadContent), loading the validating loader only now; warnings go to the terminal. */
async function validatedContent(root: string): Promise<Content> {
  const [{ loadContent }, { formatWarnings }] = await Promise.all([import('./loader.ts'), import('./problems.ts')]);
  return loadContent(root, undefined, (warnings) => console.warn(formatWarnings(warnings)));
}

let cached: { content: Promise<Content>; version: string } | undefined;

/** A fingerprint of content/: every file's path, size and modification time. */
function contentVersion(root: string): string {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((file) => {
      const stats = statSync(path.join(root, file));
      return `${file}:${stats.size}:${stats.mtimeMs}`;
    })
    .join('|');
}

/** The snapshot's content if the files are still the ones it was made from; otherwise they are read again. */
async function snapshotOrLoad(file: string, root: string): Promise<Content> {
  try {
    const snapshot = JSON.parse(readFileSync(file, 'utf8')) as ContentSnapshot;
    if (snapshot.hash === contentHash(root)) return snapshot.content;
  } catch {
    // No snapshot, or an unreadable one: read the files.
  }
  return validatedContent(root);
}

/**
 * The content for rendering. Read once per build (from the build's snapshot when it matches the files), and again
 * when another snapshot is named; in development it is read again when a file under content/ has changed, so an
 * edit shows on the next reload without restarting the server.
 */
export function getContent(): Promise<Content> {
  const root = contentRoot();
  // A build reads one snapshot; `npm start`'s live builder names a new one for each change (scripts/live/liveBuild.ts).
  const snapshot = process.env.NODE_ENV === 'development' ? undefined : process.env[CONTENT_SNAPSHOT_ENV];
  const version = process.env.NODE_ENV === 'development' ? contentVersion(root) : `build ${snapshot ?? ''}`;
  if (cached?.version !== version) cached = { content: snapshot ? snapshotOrLoad(snapshot, root) : validatedContent(root), version };
  return cached.content;
}
