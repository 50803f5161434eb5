/**
 * The build's output is pinned: built from the content as it is, dist/client is byte for byte the output in
 * tests/fixtures/build-output.sha256 (one sha256 per file), so a change made for speed cannot change a page.
 * A change to the site's output made on purpose updates the fixture:
 *   npx vitest run tests/unit/buildCache.test.ts -u
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/lib/projectCopy.ts';
import { PINNED_ENV, outputManifest, withoutAnalyticsEnv } from './buildOutput.ts';

let project: ProjectCopy;
let first: ReturnType<ProjectCopy['build']>;
const client = () => path.join(project.dir, 'dist/client');

beforeAll(() => {
  withoutAnalyticsEnv();
  project = copyProject();
  first = project.build(PINNED_ENV);
});

afterAll(() => project.cleanup());

describe('a build of the content as it is', () => {
  test('succeeds', () => {
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.status).toBe(0);
  });

  test('writes the pinned output, byte for byte', async () => {
    await expect(outputManifest(client())).toMatchFileSnapshot('../fixtures/build-output.sha256');
  });
});
