/**
 * `npm run serve`: serves an existing dist/client as a static host would (scripts/live/siteServer.ts), on PORT
 * (3000) and HOST (127.0.0.1). `npm start` runs it as its site part, with CONTENT_EDITOR_REPO set so that the
 * content editor's saves go to the files of that working tree (scripts/live/editorApi.ts).
 * `-- --root <folder>` serves another folder than dist/client.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { editorApi } from './live/editorApi.ts';
import { startOrExit } from './live/partFailure.ts';
import { createStaticServer } from './live/siteServer.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const rootIndex = process.argv.indexOf('--root');
const root = rootIndex > 0 && process.argv[rootIndex + 1] ? path.resolve(process.argv[rootIndex + 1]!) : undefined;
const repo = process.env.CONTENT_EDITOR_REPO;
const server = createStaticServer(root, console.log, repo ? await editorApi(repo, process.env.CONTENT_STATUS_FILE) : undefined);
await startOrExit(() => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve)), { port, host, variable: 'PORT' });
const { port: actual } = server.address() as AddressInfo;
console.log(`Site:     http://${host === '127.0.0.1' ? 'localhost' : host}:${actual}`);
