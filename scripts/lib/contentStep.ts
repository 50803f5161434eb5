/**
 * The build's first step, in a process of its own so that its memory (the parser, the schemas, every file's
 * syntax tree) is given back before the bundler and the prerender start: validates the content, writes the
 * form's choices for the Edge Functions, hands the content to the prerender (a snapshot), and works out the
 * files the build writes last (sitemap, robots.txt, what the security headers name).
 * Usage: content-step <snapshot file> <result file>; the result is a ContentStepResult.
 */
import { writeFileSync } from 'node:fs';
import { contentRoot, loadContentToSnapshot } from '../../src/content/loader.ts';
import { ContentError } from '../../src/content/problems.ts';
import { siteOrigin } from '../../src/env.ts';
import { writeFormChoices } from '../../src/forms/formChoices.ts';
import { publicRoutes } from '../../src/routes.ts';
import { robotsTxt, sitemapXml } from '../../src/seo/sitemap.ts';
import { policySources } from './securityHeaders.ts';
import type { PolicySources } from '../../src/security/headers.ts';

export type ContentStepResult =
  | { ok: false; error: string }
  | { ok: true; formChoicesUpdated: boolean; paths: string[]; sitemap: string; robots: string; policySources: PolicySources };

async function contentStep(snapshotFile: string): Promise<ContentStepResult> {
  let content;
  try {
    content = await loadContentToSnapshot(snapshotFile, contentRoot());
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, error: error.message };
    throw error;
  }
  const origin = siteOrigin(content.site.siteUrl);
  const routes = publicRoutes(content);
  return {
    ok: true,
    // The Edge Function cannot read content/: it gets the form's choices from a generated module.
    formChoicesUpdated: writeFormChoices(content),
    // The pages to prerender (scripts/lib/prerender.mjs reads this file as its plan).
    paths: routes.map((route) => route.path),
    sitemap: sitemapXml(routes, origin),
    robots: robotsTxt(origin),
    policySources: policySources(content.site),
  };
}

const [snapshotFile, resultFile] = process.argv.slice(2);
if (!snapshotFile || !resultFile) throw new Error('usage: contentStep.ts <snapshot file> <result file>');
writeFileSync(resultFile, JSON.stringify(await contentStep(snapshotFile)));
