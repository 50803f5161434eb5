/**
 * Bundles the content editor's own script (src/editor/main.ts: Decap's formats that keep our files' text, and the
 * box that says whether the last save is live) on its own, like the form script: only /admin/content/ loads it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDir } from '../../src/buildDir.ts';
import { bundleScript } from './buildFormScript.ts';

export const EDITOR_SCRIPT_SOURCE = 'src/editor/main.ts';

/** Bundles the page's script into the build's folder; its address and gzipped size. */
export async function buildEditorScript(root = process.cwd(), outRoot = buildDir()): Promise<{ src: string; gzipBytes: number }> {
  const fileName = await bundleScript(root, outRoot, 'editor', EDITOR_SCRIPT_SOURCE, 'es2022');
  return { src: `/${fileName}`, gzipBytes: gzipSync(readFileSync(path.join(outRoot, 'client', fileName))).length };
}
