/** What the content editor's page, the build and `npm start`'s site server agree on. */

/** The page itself. */
export const EDITOR_PATH = '/admin/content/';
/** Decap's local API (decap-server's file-system proxy), answered by the site server under `npm start` only. */
export const EDITOR_API_PATH = '/admin/content/api/v1';
/** Where the page asks whether the last save is live (`npm start` only). */
export const EDITOR_STATUS_PATH = '/admin/content/status.json';

/** Beside the page, written by the build (relative to dist/client). */
export const EDITOR_CONFIG_FILE = 'admin/content/config.yml';

/** config.yml, written by the build. */
export interface EditorPageConfig {
  /** The hashed address of Decap's bundle. */
  decapSrc: string;
  /** Decap's configuration without its backend: collections, media folder. */
  config: Record<string, unknown>;
  /** The production backend (GitHub) when CMS_GITHUB_REPO was set at build time. */
  backend: Record<string, unknown> | null;
  /** CMS_SITE_URL: where the live site is. */
  siteUrl: string | null;
}

/** A file (under content/) the site keeps at its last good version until it is corrected, with its own problems. */
export interface RefusedFile {
  file: string;
  message: string;
}

/**
 * The last save, as the content watcher of `npm start` saw it built. `files`: the files saved since the build before.
 * `waiting`: every file the site keeps at its last good version, each with its own problems (the files of a live
 * build that are there are not on the site; the others are).
 */
export type EditorStatus =
  | { state: 'idle' }
  | { state: 'building'; files: string[]; at: string; waiting?: RefusedFile[] }
  /** `notes`: what the build warned of (a service no page links to, words repeated from another service). */
  | { state: 'live'; files: string[]; pages: string[]; at: string; notes: string; waiting?: RefusedFile[] }
  /** `stopped`: the build took too long and was stopped (nothing to correct: save again), rather than refused. */
  | { state: 'failed'; files: string[]; message: string; at: string; stopped?: boolean; waiting?: RefusedFile[] };

/** The pages a changed content file shows on (the first is its own), for the editor's "See it" links. */
export function pagesOf(file: string): string[] {
  const service = /^services\/([a-z0-9-]+)\.(ya?ml|mdx)$/.exec(file);
  if (service) return [`/${service[1]}`];
  const job = /^jobs\/([a-z0-9-]+)\.ya?ml$/.exec(file);
  if (job) return [`/careers/${job[1]}`];
  const pageFile = /^pages\/([a-z0-9-]+)\.ya?ml$/.exec(file);
  if (pageFile) {
    const name = pageFile[1]!;
    if (name === 'home') return ['/'];
    const thanks = /^(contact|careers)-(thanks|not-sent)$/.exec(name);
    return [thanks ? `/${thanks[1]}/${thanks[2]}` : `/${name}`];
  }
  if (file === 'faq.yaml' || file === 'how-it-works.yaml') return ['/'];
  if (file === 'inquiry-form.yaml') return ['/contact'];
  if (file === 'application-form.yaml') return ['/careers'];
  if (file === 'directory.yaml') return ['/all-services'];
  if (file === 'regions.yaml') return ['/locations'];
  if (file.startsWith('images/')) return [];
  return ['/'];
}
