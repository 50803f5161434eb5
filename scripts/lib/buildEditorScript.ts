/**
 * Bundles the content editor's own script (src/editor/main.ts: Decap's formats that keep our files' text, and the
 * bar that says whether the last save is live) on its own, like the form script: only /admin/content/ loads it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { buildDir } from '../../src/buildDir.ts';

export const EDITOR_SCRIPT_SOURCE = 'src/editor/main.ts';

/** Bundles the page's script into the build's folder; its address and gzipped size. */
export async function buildEditorScript(root = process.cwd(), outRoot = buildDir()): Promise<{ src: string; gzipBytes: number }> {
  const client = path.join(outRoot, 'client');
  const output = (await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: client,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { editor: path.join(root, EDITOR_SCRIPT_SOURCE) },
        output: { format: 'es', entryFileNames: 'assets/[name].[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.output.find((item) => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error(`no script came from ${EDITOR_SCRIPT_SOURCE}`);
  return { src: `/${entry.fileName}`, gzipBytes: gzipSync(readFileSync(path.join(client, entry.fileName))).length };
}

