/**
 * `npm run check`: validates the content only, with the same messages as the build. Warnings (services that
 * share words, as a copied file does) are printed after the summary and do not fail the check.
 */
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { ContentError, formatWarnings, type ContentProblem } from '../src/content/problems.ts';

try {
  let warnings: ContentProblem[] = [];
  const content = await loadContent(contentRoot(), undefined, (found) => (warnings = found));
  console.log(`Content is valid: ${content.services.length} service pages, ${content.directory.entries.length} directory entries, ${content.regions.counties.length} counties.`);
  if (warnings.length) console.warn(`\n${formatWarnings(warnings)}`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
