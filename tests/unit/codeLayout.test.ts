/**
 * The rooms of scripts/ (docs/architecture.md, Repository layout): one entry file per npm script at the top, the
 * rest in folders named for their jobs, and imports that run one way. A file put in the wrong room, or an import
 * against the grain (the generator reaching into npm start's live parts or a bench, a room importing an entry
 * file), fails here with the file and the import named. (That no module imports itself back through others, here or
 * anywhere in our code, is tests/unit/importCycles.test.ts's.)
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImports, sourceFiles } from './importGraph.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = path.join(root, 'scripts');

/** Which other rooms each room may import from. Anything not listed here is refused. */
const MAY_USE: Record<string, readonly string[]> = {
  // The site generator's pipeline stands on its own: everything else builds on it, never the reverse.
  generator: [],
  // npm start's live parts rebuild a saved file with the generator.
  live: ['generator'],
  // The stand-in and the mail catcher say why they cannot start the way every part of npm start does.
  'local-supabase': ['live'],
  'mail-catcher': ['live'],
  // The deploy's proof after publishing reads which security headers the generator writes.
  deploy: ['generator'],
  postgres: [],
  harness: [],
  // The benches measure the generator and npm start's parts, in the harness's copies and on the stand-in.
  benches: ['generator', 'live', 'harness', 'local-supabase', 'mail-catcher'],
};

/** Our code under scripts/ (the Astro yardstick is a project of its own), as paths under scripts/. */
const ours = sourceFiles('scripts');
const known = new Set(ours);
const underScripts = (file: string) => file.slice('scripts/'.length);

/** The files of ours under scripts/ that a file imports, statically or dynamically, as paths under scripts/. */
function importsOf(file: string): string[] {
  return relativeImports(`scripts/${file}`, known)
    .filter((target) => target.startsWith('scripts/'))
    .map(underScripts);
}

const roomOf = (file: string): string | undefined => (file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined);

describe('scripts/ in rooms named for their jobs', () => {
  const files = ours.map(underScripts);

  it('keeps only entry files at the top: each is run by an npm script, or by the entry that an npm script runs', () => {
    const packageScripts = Object.values((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts).join('\n');
    const top = files.filter((file) => !file.includes('/'));
    const runBy = (file: string) => packageScripts.includes(`scripts/${file}`) || top.some((entry) => entry !== file && readFileSync(path.join(scripts, entry), 'utf8').includes(`scripts/${file}`));
    expect(top.filter((file) => !runBy(file))).toEqual([]);
    expect(top.length).toBeGreaterThan(10);
  });

  it('has no folder of more than 20 files, and no folder outside the known rooms', () => {
    const rooms = readdirSync(scripts, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(rooms.sort()).toEqual(Object.keys(MAY_USE).sort());
    const crowded = readdirSync(scripts, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .concat(scripts)
      .map((dir) => ({ dir: path.relative(root, dir), files: readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).length }))
      .filter(({ files: count }) => count > 20);
    expect(crowded).toEqual([]);
  });

  it('runs imports one way: no room imports an entry file, and a room uses only the rooms it may', () => {
    const against: string[] = [];
    for (const file of files) {
      const room = roomOf(file);
      if (!room) continue;
      for (const target of importsOf(file)) {
        const targetRoom = roomOf(target);
        if (targetRoom === room) continue;
        if (!targetRoom) against.push(`${file} imports the entry file ${target}`);
        else if (!MAY_USE[room]?.includes(targetRoom)) against.push(`${file} imports ${target}: ${room}/ may not use ${targetRoom}/`);
      }
    }
    expect(against).toEqual([]);
  });

  it('sees the imports it judges (a check that finds none would pass anything)', () => {
    expect(importsOf('live/liveBuild.ts')).toContain('generator/writePages.ts');
    expect(importsOf('live/liveBuild.ts')).toContain('generator/compiled.mjs');
    expect(importsOf('build.ts')).toContain('generator/compiled.mjs');
  });

  it('keeps the allowed uses free of circles', () => {
    const visiting = new Set<string>();
    const circle = (room: string): boolean => {
      if (visiting.has(room)) return true;
      visiting.add(room);
      const found = (MAY_USE[room] ?? []).some(circle);
      visiting.delete(room);
      return found;
    };
    expect(Object.keys(MAY_USE).filter(circle)).toEqual([]);
  });
});

