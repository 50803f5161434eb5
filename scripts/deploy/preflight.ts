/**
 * The preflight (issue 41, item 2): `npm run deploy -- --check`, and the first thing every deploy does. Before
 * anything changes, every setting is checked, against the real service where one can answer: each missing setting
 * named with what it is for and where it is found; mail required unless the owner chose to launch without it; the
 * Supabase token, project, keys and database connection; the Netlify token and site; the mail key and its sending
 * domain; the site's address in DNS; and the first admin. The checks run side by side and all of them are
 * reported at once, so that one round of corrections is enough.
 */
import { addressesNotLocal, rehearsing } from '../../src/deployRehearsal.ts';
import type { CheckResult, Finding } from './findings.ts';
import { DEPLOY_SETTINGS, mailRefusal, missingSettings, NO_EMAIL_SETTING, unsetWarnings } from './deployPlan.ts';
import { checkFirstAdmin } from './firstAdmin.ts';
import { checkMail, mailSender } from './mailChecks.ts';
import { checkNetlify } from './netlifyChecks.ts';
import { checkSiteAddress } from './siteAddress.ts';
import { checkSupabase } from './supabaseChecks.ts';

type Env = NodeJS.ProcessEnv;

/**
 * A rehearsal (DEPLOY_REHEARSAL=1, src/deployRehearsal.ts: `npm run deploy:rehearse` and the tests, against local
 * fakes of every service and the stand-in as the Supabase project): the project's address is then the stand-in's
 * own rather than https://<ref>.supabase.co. Taken only when every service the deploy talks to is on this machine,
 * so it can never relax a check of a real deploy; otherwise this is the preflight's one finding.
 */
export function rehearsalProblem(env: Env): Finding | undefined {
  if (env.DEPLOY_REHEARSAL !== '1') return undefined;
  const real = addressesNotLocal(env);
  if (!real.length) return undefined;
  return { settings: ['DEPLOY_REHEARSAL'], problem: `DEPLOY_REHEARSAL is set, but ${real.join(', ')} ${real.length === 1 ? 'is' : 'are'} not on this machine: a rehearsal talks only to local fakes.`, fix: 'Remove DEPLOY_REHEARSAL for a real deploy.' };
}

/** The settings the deploy needs and does not have, each in plain words: what it is, and where it is found. */
export function missingSettingsResult(env: Env): CheckResult {
  const ref = env.SUPABASE_PROJECT_REF?.trim() || '_';
  const findings: Finding[] = missingSettings(env).map((name) => {
    const setting = DEPLOY_SETTINGS.find((candidate) => candidate.name === name)!;
    return {
      settings: [name],
      problem: `${name} is not set. ${setting.use}`,
      fix: `${setting.page ? 'Copy it from the page below and add' : 'Add'} it as a ${setting.kind === 'secret' ? 'secret (GitHub: the environment "production" > Environment secrets)' : 'variable (GitHub: the environment "production" > Environment variables)'}, or export it in this terminal.`,
      // Supabase's dashboard takes "_" for "the project you choose" until the reference id is known.
      ...(setting.page ? { page: setting.page.replace('<ref>', ref) } : {}),
    };
  });
  const total = DEPLOY_SETTINGS.filter((setting) => setting.required).length;
  return { title: 'Settings', findings, passed: [`all ${total} required settings are set`] };
}

/** Mail is part of launch: a site that can send no e-mail is refused unless the owner chose it. */
export function mailRequiredResult(env: Env): CheckResult {
  const refusal = mailRefusal(env);
  if (refusal) {
    return {
      title: 'Mail',
      passed: [],
      findings: [{ settings: ['MAIL_API_KEY', NO_EMAIL_SETTING], problem: refusal.replace(/\. Set MAIL_API_KEY.*$/, '.'), fix: `Make an API key at Resend (after adding and verifying the agency's domain there) and set it as the secret MAIL_API_KEY. Or, to launch without e-mail all the same, set the variable ${NO_EMAIL_SETTING} to yes.`, page: 'https://resend.com/api-keys' }],
    };
  }
  return { title: 'Mail', findings: [], passed: unsetWarnings(env).length ? ['launching without e-mail, as LAUNCH_WITHOUT_EMAIL=yes chose'] : [] };
}

/** Every check, in the order the owner reads them; none changes anything. */
export async function preflight(root: string, env: Env): Promise<CheckResult[]> {
  const mailChecks = env.MAIL_API_KEY?.trim() ? checkMail(env, { mailFrom: mailSender(root, env) }) : Promise.resolve([]);
  const refused = rehearsalProblem(env);
  if (refused) return [{ title: 'Rehearsal', passed: [], findings: [refused] }];
  const rehearsal = rehearsing(env) ? { projectUrl: () => env.VITE_SUPABASE_URL!.trim() } : {};
  const [supabase, netlify, mail, site, admin] = await Promise.all([checkSupabase(env, rehearsal), checkNetlify(env), mailChecks, checkSiteAddress(env), checkFirstAdmin(env)]);
  const mailResults = [mailRequiredResult(env), ...mail];
  return [missingSettingsResult(env), ...supabase, ...netlify, ...mailResults.filter((result) => result.findings.length || result.passed.length), ...site, admin];
}

export const findingsIn = (results: readonly CheckResult[]) => results.reduce((count, result) => count + result.findings.length, 0);
