/**
 * `npm run check`: validates the content only, with the same messages as the build. Warnings (services that
 * share words, as a copied file does; a service no page links to) are printed after the summary and do not fail
 * the check.
 * `npm run check -- --launch` also runs the launch check (src/launch.ts): every placeholder left in content, every
 * value reserved to be fictional (555-01xx, example.com, .test), and a backend, key or origin that cannot be
 * production, each with its file and line or its variable. With `--resolve` (the deploy runs it so), the backend's
 * and the site's names are also resolved: one whose address is this machine or a private network is refused.
 * Mail is part of launch: without MAIL_API_KEY it refuses, unless LAUNCH_WITHOUT_EMAIL=yes says the owner chose
 * that, and then says what it costs (not under the deploy, `--deploy`, whose preflight says it: the check it runs is
 * not given the secrets).
 * `npm run check -- --reviews` also prints every published review with its consent on record and its disclosure, and
 * the reviews taken off and why (src/content/trust/reviewRecord.ts).
 */
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { reservedValues } from '../src/content/reservedValues.ts';
import { ContentError, formatWarnings, type ContentProblem } from '../src/content/problems.ts';
import { buildDate, siteOrigin } from '../src/env.ts';
import { reviewRecord } from '../src/content/trust/reviewRecord.ts';
import { CONTENT_REFUSED_HELP } from '../src/guides.ts';
import { launchProblems, launchReport, resolvedAddressProblems } from '../src/launch.ts';
import { rehearsing } from '../src/deployRehearsal.ts';
import { mailRefusal, unsetWarnings } from './deploy/deployPlan.ts';
import { dnsLookup, dnsServers } from './deploy/siteAddress.ts';

try {
  let warnings: ContentProblem[] = [];
  const content = await loadContent(contentRoot(), undefined, (found) => (warnings = found));
  console.log(`Content is valid: ${content.services.length} service pages, ${content.directory.entries.length} directory entries, ${content.regions.counties.length} counties.`);
  if (warnings.length) console.warn(`\n${formatWarnings(warnings)}`);
  if (process.argv.includes('--reviews')) console.log(`\n${reviewRecord(content, buildDate().toISOString().slice(0, 10))}`);
  if (process.argv.includes('--launch')) {
    const problems = launchProblems({ ...content, reservedValues: reservedValues(contentRoot()) });
    // --resolve (the deploy's preflight): the production names' actual addresses too.
    if (process.argv.includes('--resolve')) {
      // A rehearsal of the deploy asks its own DNS, as the preflight does (src/deployRehearsal.ts).
      const servers = rehearsing(process.env) ? dnsServers(process.env) : undefined;
      const resolved = await resolvedAddressProblems(content, process.env, servers ? dnsLookup(servers) : undefined);
      problems.push(...resolved.problems);
      for (const warning of resolved.warnings) console.warn(`Warning: ${warning}`);
    }
    if (!process.argv.includes('--deploy')) {
      const noMail = mailRefusal(process.env);
      if (noMail) problems.push({ file: 'MAIL_API_KEY', path: [], message: noMail.replace(/^MAIL_API_KEY /, '') });
      for (const warning of unsetWarnings(process.env)) console.warn(`Warning: ${warning}`);
    }
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
