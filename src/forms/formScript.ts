/**
 * Where the form script is (both public forms; see enhance.ts). `npm run build` bundles src/forms/enhance.ts
 * on its own (scripts/generator/buildFormScript.ts) into client/assets/ of the build's folder under a content-hashed
 * name, and records that name in FORM_SCRIPT_MANIFEST (in the same folder) for the prerender; in development Vite
 * serves the source itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDir } from '../buildDir.ts';

export const FORM_SCRIPT_SOURCE = 'src/forms/enhance.ts';
/** Relative to the build's folder (src/buildDir.ts). */
export const FORM_SCRIPT_MANIFEST = 'server/form-script.json';

export interface FormScriptManifest {
  /** The script's URL path, e.g. "/assets/forms.Bx3k9a.js". */
  src: string;
}

let manifest: FormScriptManifest | undefined;

export function formScriptSrc(): string {
  if (import.meta.env.DEV) return `/${FORM_SCRIPT_SOURCE}`;
  manifest ??= JSON.parse(readFileSync(path.join(buildDir(), FORM_SCRIPT_MANIFEST), 'utf8')) as FormScriptManifest;
  return manifest.src;
}
