// @ts-check
/**
 * `npm run build`: runs scripts/build.ts as plain JavaScript (compiled by scripts/generator/compiled.mjs, again only
 * after a change to our code), so that the build's own process stays small beside the bundler and the prerender.
 * `node --import tsx scripts/build.ts` runs the same build from source.
 */
import { pathToFileURL } from 'node:url';
import { compiledScript } from './generator/compiled.mjs';

await import(pathToFileURL(await compiledScript(process.cwd(), 'scripts/build.ts')).href);
