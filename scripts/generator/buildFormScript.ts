/**
 * Bundles the form script (src/forms/enhance.ts: both public forms, and the provider's form on the contact
 * card) on its own, outside Vike: a global client entry would load on every page, and public pages without a
 * form must load no JavaScript at all.
 * Runs after `vike build` (which empties client/ of the build's folder) and before the prerender (which reads the
 * manifest).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { buildDir } from '../../src/buildDir.ts';
import { FORM_SCRIPT_MANIFEST, FORM_SCRIPT_SOURCE, type FormScriptManifest } from '../../src/forms/formScript.ts';

/**
 * Bundles one script of ours on its own (outside Vike), into the build's folder under assets/ with its hash in its
 * name: the form script here, the content editor's (scripts/generator/buildEditorScript.ts). Returns its file name.
 */
export async function bundleScript(root: string, outRoot: string, name: string, source: string, target: string): Promise<string> {
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
      target,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { [name]: path.join(root, source) },
        output: { format: 'es', entryFileNames: 'assets/[name].[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.output.find((item) => item.type === 'chunk' && item.isEntry);
  if (!entry || output.output.length !== 1) throw new Error(`expected one file from ${source}, found ${output.output.map((o) => o.fileName).join(', ')}`);
  return entry.fileName;
}

export async function buildFormScript(root = process.cwd(), outRoot = buildDir()): Promise<{ src: string; gzipBytes: number }> {
  const client = path.join(outRoot, 'client');
  const fileName = await bundleScript(root, outRoot, 'forms', FORM_SCRIPT_SOURCE, 'es2020');
  const manifest: FormScriptManifest = { src: `/${fileName}` };
  const manifestFile = path.join(outRoot, FORM_SCRIPT_MANIFEST);
  mkdirSync(path.dirname(manifestFile), { recursive: true });
  writeFileSync(manifestFile, `${JSON.stringify(manifest)}\n`);
  const gzipBytes = gzipSync(readFileSync(path.join(client, fileName))).length;
  return { src: manifest.src, gzipBytes };
}
