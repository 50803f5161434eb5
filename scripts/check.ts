/**
 * `npm run check`: validates the content only, with the same messages as the build. Warnings (services that
 * share words, as a copied file does; a service no page links to) are printed after the summary and do not fail
 * the check.
 * `npm run check -- --launch` also runs the launch check (src/launch.ts): every placeholder left in content, every
 * value reserved to be fictional (555-01xx, example.com, .test), and a backend, key or origin that cannot be
 * production, each with its file and line or its variable. With `--resolve` (the deploy runs it so), the backend's
 * and the site's names are also resolved: one whose address is this machine or a private network is refused.
 * It also warns of a deploy setting whose absence turns off something people count on (MAIL_API_KEY: no e-mail).
 */
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { reservedValues } from '../src/content/reservedValues.ts';
import { ContentError, formatWarnings, type ContentProblem } from '../src/content/problems.ts';
import { siteOrigin } from '../src/env.ts';
import { CONTENT_REFUSED_HELP } from '../src/guides.ts';
import { launchProblems, launchReport, resolvedAddressProblems } from '../src/launch.ts';
import { unsetWarnings } from './deploy/deployPlan.ts';

try {
  let warnings: ContentProblem[] = [];
  const content = await loadContent(contentRoot(), undefined, (found) => (warnings = found));
  console.log(`Content is valid: ${content.services.length} service pages, ${content.directory.entries.length} directory entries, ${content.regions.counties.length} counties.`);
  if (warnings.length) console.warn(`\n${formatWarnings(warnings)}`);
  if (process.argv.includes('--launch')) {
    const problems = launchProblems({ ...content, reservedValues: reservedValues(contentRoot()) });
    // --resolve (the deploy's preflight): the production names' actual addresses too.
    if (process.argv.includes('--resolve')) {
      const resolved = await resolvedAddressProblems(content);
      problems.push(...resolved.problems);
      for (const warning of resolved.warnings) console.warn(`Warning: ${warning}`);
    }
    // Settings the functions can go live without, though something people count on is then off (the mail key).
    // Not under the deploy (--deploy), which says so itself: the check it runs is not given the secrets.
    if (!process.argv.includes('--deploy')) for (const warning of unsetWarnings(process.env)) console.warn(`Warning: ${warning}`);
    if (problems.length) {
      console.error(`\n${launchReport(problems)}`);
      process.exitCode = 1;
    } else {
      console.log(`Ready to launch: no placeholder left; the site is ${siteOrigin(content.site.siteUrl)}, its backend ${process.env.VITE_SUPABASE_URL}.`);
    }
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`${error.message}\n\n${CONTENT_REFUSED_HELP}`);
  process.exitCode = 1;
}
