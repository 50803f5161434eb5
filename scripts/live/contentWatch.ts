/**
 * `npm start` follows content: a saved change under content/ runs the build again, one build at a time (changes
 * saved during a build start one more when it ends). The build is atomic (scripts/generator/output.ts), so the site
 * served changes only when it succeeds; a failure prints the build's own message (the file, line and field of a
 * content error) and the previous site stays up. The stand-in follows what the build writes for it
 * (scripts/local-supabase/server.ts, followBuild).
 */
import path from 'node:path';
import { watch } from 'chokidar';
import { pagesOf, type EditorStatus, type RefusedFile } from '../../src/editor/shared.ts';

export interface BuildRun {
  code: number;
  stdout: string;
  stderr: string;
  /** For the terminal only, after stderr: what the developer can do (a setting), not words for the content editor. */
  hint?: string;
  /** The build was stopped (past its time limit: liveBuildClient.ts), not refused: nothing in the content is wrong. */
  stopped?: true;
  /**
   * The files (under content/) the site keeps at their last good version, because their text as saved was refused,
   * each with its own problems (scripts/live/standIn.ts); the others are built. Unset: not known (a full build).
   */
  refused?: RefusedFile[];
}

/** How long after the last change the build starts: an editor's save can be several writes. */
const SETTLE_MS = 200;

/** Files editors write beside the one being saved: swap files, backups, vim's write test. */
const EDITOR_FILE = /(^|\/)(\.[^/]*|#[^/]*#|[^/]*~|4913|[^/]*\.(swp|swx|tmp))$/;

/**
 * Follows `folder`, building on each change; `report` hears of each build (the content editor's status bar:
 * building, live with the pages to see, or the build's message).
 */
export function followContent(
  folder: string,
  build: () => Promise<BuildRun>,
  out: (text: string) => void = (text) => console.log(text),
  report: (status: EditorStatus) => void = () => undefined,
): { close(): void } {
  const changed = new Set<string>();
  let waiting: RefusedFile[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function run(): Promise<void> {
    running = true;
    const names = [...changed];
    changed.clear();
    const shown = names.slice(0, 3).map((name) => path.join(folder, name)).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
    out(`\n${shown} changed: building the site again...`);
    const files = names.map((name) => name.split(path.sep).join('/'));
    report({ state: 'building', files, at: new Date().toISOString(), waiting });
    const result = await build();
    const at = new Date().toISOString();
    // The files waiting to be corrected: this build's word on them, or, when it has none, as before (a build that
    // passed in full has none).
    waiting = result.refused ?? (result.code === 0 ? [] : waiting);
    const held = new Set(waiting.map((file) => file.file));
    if (result.code === 0) {
      const built = files.filter((file) => !held.has(file));
      report({ state: 'live', files, pages: [...new Set(built.flatMap(pagesOf))], at, notes: result.stderr.trim(), waiting });
      // The summary line, what was generated for the backend, and any warning (a copied service's words).
      const printed = result.stdout.split('\n');
      const lines = [...printed.filter((line) => line.startsWith('Built ')), ...printed.filter((line) => line.startsWith('Updated '))];
      out([...lines, result.stderr.trim()].filter(Boolean).join('\n'));
      out('The site now serves the new build; reload the page to see it.');
      for (const file of waiting) out(refusedLines(folder, file));
    } else {
      report({ state: 'failed', files, message: buildMessage(result), at, waiting, ...(result.stopped ? { stopped: true } : {}) });
      // A refused build's own words: each waiting file with its own problems (scripts/live/liveBuild.ts).
      out(result.stderr.trim() || `The build stopped with exit code ${result.code}; the site served is the previous build.`);
      if (result.hint) out(result.hint);
    }
    running = false;
    if (changed.size) schedule();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!running) void run();
    }, SETTLE_MS);
  }

  // chokidar, not fs.watch: Node 20's recursive watch on Linux misses the removal of a file that an editor had
  // saved by renaming a new copy over it.
  const watcher = watch(folder, { ignoreInitial: true, ignored: (file) => EDITOR_FILE.test(path.relative(folder, file).split(path.sep).join('/')) });
  watcher.on('all', (_event, file) => {
    changed.add(path.relative(folder, file));
    schedule();
  });
  return {
    close() {
      clearTimeout(timer);
      void watcher.close();
    },
  };
}

/** What the terminal says of a file the site keeps at its last good version: the file, then its own problems. */
function refusedLines(folder: string, file: RefusedFile): string {
  return `\n${path.join(folder, file.file)} is not on the site yet: the site keeps its last good version until it is corrected.\n${file.message.trim()}`;
}

/** The build's own words for why it stopped: its content message, without the line about dist/ (the site is up). */
function buildMessage(result: BuildRun): string {
  const text = result.stderr.trim();
  return text ? text.replace(/^Build failed\.[^\n]*\n*/m, '').trim() : `The build stopped with exit code ${result.code}.`;
}
