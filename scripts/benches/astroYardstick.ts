/**
 * The Astro yardstick of `npm run bench -- --builds`: a real Astro project (scripts/benches/astro-yardstick/) that builds
 * the same service pages from the same content files, so that our clean build can be timed beside Astro's.
 *
 * Astro and its integrations are installed once, at pinned versions, into a cache folder outside the repository
 * (never into the project's dependencies); each run prepares a throw-away project whose node_modules links there.
 * Astro 7 needs Node 22.12 or later: on an older Node the Node 22 binary published on npm is installed beside it.
 * Without the registry (offline) the yardstick is skipped, with the reason, rather than failing the bench.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest stable Astro on the npm registry when this was written (2026-11-27), and what the project uses with it. */
export const ASTRO_VERSION = '7.3.5';
export const ASTRO_PACKAGES: Record<string, string> = {
  astro: ASTRO_VERSION,
  '@astrojs/mdx': '8.0.2', // the three .mdx services
  '@astrojs/sitemap': '3.7.4', // ours writes a sitemap too
  'lucide-static': '1.62.0', // the icons, as SVG files (ours draws lucide's icons too)
};
/** Astro 7's engines field: node >= 22.12.0. */
const ASTRO_MIN_NODE = [22, 12] as const;
/** The Node that runs Astro when the bench's own Node is older (Node 20): the newest 22 LTS on npm's node-<os>-<cpu>. */
export const ASTRO_NODE_VERSION = '22.23.3';

const TEMPLATE = fileURLToPath(new URL('./astro-yardstick/', import.meta.url));

/** What bench.ts times: `command`, run with cwd `dir`, is one clean Astro build of the prepared project. */
export interface AstroYardstick {
  dir: string;
  command: string[];
  /** The Astro version ('7.3.5'). */
  version: string;
  /** The Node version Astro runs on ('22.23.3'). */
  node: string;
  cleanup(): void;
}

export interface YardstickOptions {
  /** Adds the generated services: writes content/services/generated-service-NNNN.yaml under the folder given. */
  extraServices: (dir: string) => void;
  log: (line: string) => void;
  /** The project whose content is copied (default: the current directory). */
  from?: string;
  /** Where the installs are kept (default: $XDG_CACHE_HOME or ~/.cache, then homecare-site-bench). */
  cacheRoot?: string;
}

export async function astroYardstick(options: YardstickOptions): Promise<AstroYardstick | { skipped: string }> {
  const cacheRoot = options.cacheRoot ?? path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'homecare-site-bench');
  const astro = installOnce(path.join(cacheRoot, `astro-${ASTRO_VERSION}`), ASTRO_PACKAGES, options.log);
  if ('skipped' in astro) return astro;
  let node = { bin: process.execPath, version: process.versions.node };
  if (!nodeAtLeast(process.versions.node, ASTRO_MIN_NODE)) {
    const nodePackage = `node-${process.platform}-${process.arch}`;
    const installed = installOnce(path.join(cacheRoot, `node-${ASTRO_NODE_VERSION}`), { [nodePackage]: ASTRO_NODE_VERSION }, options.log);
    if ('skipped' in installed) return { skipped: `Astro ${ASTRO_VERSION} needs Node ${ASTRO_MIN_NODE.join('.')} or later, this is ${process.versions.node}, and ${installed.skipped}` };
    node = { bin: path.join(installed.folder, 'node_modules', nodePackage, 'bin', 'node'), version: ASTRO_NODE_VERSION };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'astro-yardstick-'));
  try {
    prepareProject(dir, options.from ?? process.cwd(), path.join(astro.folder, 'node_modules'));
    options.extraServices(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const astroBin = path.join(astro.folder, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return {
    dir,
    command: cleanBuildCommand(node.bin, astroBin),
    version: ASTRO_VERSION,
    node: node.version,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * One clean build: Astro's output and every cache it keeps (its content store, Vite's pre-bundled deps) removed
 * first; telemetry off (no request leaves the machine, none is waited for); output thrown away like ours (BUILD_QUIET).
 */
export function cleanBuildCommand(nodeBin: string, astroBin: string): string[] {
  return ['sh', '-c', `rm -rf dist .astro .astro-cache .vite-cache && ASTRO_TELEMETRY_DISABLED=1 exec ${shellQuote(nodeBin)} ${shellQuote(astroBin)} build >/dev/null 2>&1`];
}

/** The throw-away Astro project: the template, node_modules linked to the cache, the content its pages read. */
export function prepareProject(dir: string, from: string, nodeModules: string): void {
  cpSync(TEMPLATE, dir, { recursive: true });
  symlinkSync(nodeModules, path.join(dir, 'node_modules'), 'dir');
  const content = path.join(from, 'content');
  mkdirSync(path.join(dir, 'content/services'), { recursive: true });
  for (const file of serviceFiles(path.join(content, 'services'))) cpSync(path.join(content, 'services', file), path.join(dir, 'content/services', file));
  for (const file of ['site.yaml', 'lists.yaml', 'directory.yaml', 'pages/services.yaml', 'pages/all-services.yaml', 'images']) {
    cpSync(path.join(content, file), path.join(dir, 'content', file), { recursive: true });
  }
  // The pictures are served as they are, like ours (no image optimisation on either side).
  cpSync(path.join(content, 'images'), path.join(dir, 'public/images'), { recursive: true });
  // The fonts too, at the addresses the site's CSS (taken from our built pages) names, from the @fontsource packages.
  const fontsource = path.join(from, 'node_modules/@fontsource');
  const css = readFileSync(path.join(TEMPLATE, 'src/styles/global.css'), 'utf8');
  for (const [, served, name] of css.matchAll(/url\(\/assets\/fonts\/(([\w-]+)\.\w+\.woff2)\)/g)) {
    const source = existsSync(fontsource) ? readdirSync(fontsource).map((family) => path.join(fontsource, family, 'files', `${name}.woff2`)).find((file) => existsSync(file)) : undefined;
    if (source) cpSync(source, path.join(dir, 'public/assets/fonts', served!));
  }
}

/** The files of a services folder that are pages: *.yaml and *.mdx (the template's glob, SERVICE_FILES). */
export function serviceFiles(servicesDir: string): string[] {
  return readdirSync(servicesDir).filter((file) => /^[^.].*\.(yaml|mdx)$/.test(file)).sort();
}

/** Every page the prepared project builds: /services, /all-services, and one per service file. */
export function expectedPages(dir: string): string[] {
  return ['/services', '/all-services', ...serviceFiles(path.join(dir, 'content/services')).map((file) => `/${file.replace(/\.(yaml|mdx)$/, '')}`)];
}

/** The expected pages a build of `dir` did not write (dist/<page>/index.html), or that lack their h1. */
export function missingPages(dir: string): string[] {
  return expectedPages(dir).filter((page) => {
    const file = path.join(dir, 'dist', page, 'index.html');
    return !existsSync(file) || !/<h1[ >]/.test(readFileSync(file, 'utf8'));
  });
}

/**
 * `npm install`s the packages, at their versions, into `folder` the first time; reuses them after. A marker file
 * written after a complete install says which versions are there, so a broken or older install is redone.
 */
function installOnce(folder: string, packages: Record<string, string>, log: (line: string) => void): { folder: string } | { skipped: string } {
  const wanted = Object.entries(packages).map(([name, version]) => `${name}@${version}`);
  const marker = path.join(folder, 'installed.json');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(wanted)) return { folder };
  log(`Installing ${wanted.join(', ')} into ${folder} (once; reused by later runs)`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...wanted], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (result.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    const why = result.error?.message ?? npmReason(result.stderr) ?? `npm exited with ${result.status}`;
    return { skipped: `could not install ${wanted.join(', ')} from the npm registry: ${why}` };
  }
  writeFileSync(marker, JSON.stringify(wanted));
  return { folder };
}

/** npm's own words for a failed install: the FetchError line or the first error line, without the stack. */
export function npmReason(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.replace(/^npm (error|ERR!) ?/, '').trim()).filter(Boolean);
  return lines.find((line) => /^(FetchError|Error):|reason:/.test(line)) ?? lines.find((line) => !/^(code|errno|syscall) /.test(line));
}

/** '20.20.2' against [22, 12]: false. */
export function nodeAtLeast(version: string, [major, minor]: readonly [number, number]): boolean {
  const [have = 0, haveMinor = 0] = version.split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
