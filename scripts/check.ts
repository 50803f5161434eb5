/** `npm run check`: validates the content only, with the same messages as the build. */
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { ContentError } from '../src/content/problems.ts';

try {
  const content = await loadContent(contentRoot());
  console.log(`Content is valid: ${content.services.length} service pages, ${content.directory.entries.length} directory entries, ${content.regions.counties.length} counties.`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
