/**
 * What the deploy's checks say, in one shape: the preflight (`npm run deploy -- --check`, and the first step of
 * every deploy) and the proof after it (`npm run deploy -- --verify`). Each finding is for the agency's owner, not a
 * programmer: what is wrong in plain words, and where exactly to put it right (the dashboard page, as a link).
 *
 * The services' addresses can be moved, so that the same checks run against local fakes that answer as each
 * service's documentation says (the tests, and `npm run deploy:rehearse`): SUPABASE_API_URL, NETLIFY_API_URL and
 * MAIL_API_URL (the last is also the form functions' own setting).
 */

/** One thing to put right before the deploy may change anything (or, after it, what failed). */
export interface Finding {
  /** The settings it is about, by name (empty when it is about a service rather than a setting). */
  settings: string[];
  /** What is wrong, in plain words: "SUPABASE_DB_URL is the direct connection, which GitHub's runners cannot reach." */
  problem: string;
  /** What to do about it: "Copy the Session pooler's string instead (Connect > Session pooler)." */
  fix: string;
  /** The page where it is put right, when there is one: the exact dashboard address. */
  page?: string;
}

/** A check's answer: its findings (empty when all is well) and what it saw that is worth saying when it passes. */
export interface CheckResult {
  /** What the check is about, as the preflight's list names it: "Supabase project", "Mail". */
  title: string;
  findings: Finding[];
  /** Lines said when it passes, e.g. "project abcd… (Hearthside Care, us-east-1) answers". */
  passed: string[];
}

/** The addresses of the services' APIs: the real ones unless the environment moves them. */
export interface ServiceApis {
  /** Supabase's Management API, https://api.supabase.com (its paths begin /v1/). */
  supabase: string;
  /** Netlify's API, https://api.netlify.com (its paths begin /api/v1/). */
  netlify: string;
  /** The mail API (Resend's, or one that takes Resend's requests), https://api.resend.com. */
  mail: string;
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export function serviceApis(env: NodeJS.ProcessEnv): ServiceApis {
  return {
    supabase: withoutSlash(env.SUPABASE_API_URL?.trim() || 'https://api.supabase.com'),
    netlify: withoutSlash(env.NETLIFY_API_URL?.trim() || 'https://api.netlify.com'),
    mail: withoutSlash(env.MAIL_API_URL?.trim() || 'https://api.resend.com'),
  };
}

/** The findings as the owner reads them: numbered, each with its fix and page. */
export function describeFindings(results: readonly CheckResult[]): string[] {
  const lines: string[] = [];
  let number = 0;
  for (const result of results) {
    if (!result.findings.length) {
      lines.push(`OK  ${result.title}${result.passed.length ? `: ${result.passed.join('; ')}` : ''}`);
      continue;
    }
    for (const finding of result.findings) {
      number += 1;
      lines.push(`${number}.  ${result.title}: ${finding.problem}`);
      lines.push(`    What to do: ${finding.fix}`);
      if (finding.page) lines.push(`    Where: ${finding.page}`);
    }
  }
  return lines;
}
