/**
 * Which builds are production builds: a build the host is about to publish as the agency's site. Those run the
 * launch check (src/launch.ts) and fail while anything of it is left, so that a site with placeholders, or with
 * forms that post to the visitor's own 127.0.0.1, is never published. Each host says so in the variables it sets
 * on its builds; docs/going-live.md, "The launch check", has the same table. A host whose builds carry no
 * production flag (Cloudflare Pages, AWS Amplify, Render, GitHub Actions) counts every build of its production
 * branch as production; PRODUCTION_BRANCH names that branch where the host cannot tell, and without it the safe
 * answer is chosen: every such build is production, previews included, except what the host marks as a preview.
 */
import { readFileSync } from 'node:fs';

export interface ProductionSignal {
  /** What made this a production build, e.g. "CONTEXT=production (a Netlify production deploy)". */
  reason: string;
  /** How to get a development build instead, in one sentence. */
  otherwise: string;
}

type Env = NodeJS.ProcessEnv;
const set = (value: string | undefined) => Boolean(value?.trim());

/** PRODUCTION_BRANCH, when the agency names its production branch for a host that cannot tell it. */
function productionBranch(env: Env): string | undefined {
  return env.PRODUCTION_BRANCH?.trim() || undefined;
}

/** Whether `branch` is production: PRODUCTION_BRANCH when it is set, otherwise `fallback` (every branch when none). */
function onProductionBranch(env: Env, branch: string | undefined, fallback?: string): boolean {
  const production = productionBranch(env) ?? fallback;
  return production === undefined || branch?.trim() === production;
}

/**
 * The repository's default branch on GitHub Actions: PRODUCTION_BRANCH when set, else `repository.default_branch`
 * of the event's payload (GITHUB_EVENT_PATH: "the path to the file on the runner that contains the full event
 * webhook payload", docs.github.com/en/actions/reference/variables-reference; push and workflow_dispatch payloads
 * carry the repository object).
 */
function githubDefaultBranch(env: Env): string | undefined {
  const named = productionBranch(env);
  if (named) return named;
  if (!env.GITHUB_EVENT_PATH) return undefined;
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as { repository?: { default_branch?: unknown } };
    return typeof payload.repository?.default_branch === 'string' ? payload.repository.default_branch : undefined;
  } catch {
    return undefined;
  }
}

/** Why this build is taken for a production build, or undefined for a development build. */
export function productionSignal(env: Env = process.env): ProductionSignal | undefined {
  if (set(env.SITE_URL)) return { reason: 'SITE_URL is set', otherwise: 'For a development build, build without SITE_URL.' };

  // Netlify: CONTEXT is production, deploy-preview, branch-deploy or dev (docs.netlify.com, "Build environment
  // variables" and deploy contexts).
  if (env.CONTEXT === 'production') {
    return { reason: 'CONTEXT=production (a Netlify production deploy)', otherwise: "Netlify's deploy previews and branch deploys are development builds." };
  }

  // Vercel: VERCEL_ENV is production, preview or development (vercel.com/docs/environment-variables/system-environment-variables).
  if (env.VERCEL_ENV === 'production') {
    return { reason: 'VERCEL_ENV=production (a Vercel production deploy)', otherwise: "Vercel's preview deploys are development builds." };
  }

  // Cloudflare Pages sets CF_PAGES=1 and CF_PAGES_BRANCH on every build, previews too, and no variable says which
  // is the production branch (developers.cloudflare.com/pages/configuration/build-configuration). So every build
  // counts, unless PRODUCTION_BRANCH names the production branch (or SITE_URL is set in Pages' Production
  // variables alone, which marks exactly the production builds).
  if (set(env.CF_PAGES) && onProductionBranch(env, env.CF_PAGES_BRANCH)) {
    return {
      reason: `CF_PAGES is set (a Cloudflare Pages build${productionBranch(env) ? ` of the production branch, ${env.CF_PAGES_BRANCH}` : ''})`,
      otherwise: 'Set PRODUCTION_BRANCH to the production branch: builds of other branches are then development builds.',
    };
  }

  // Render sets RENDER=true on every build and IS_PULL_REQUEST "true" for pull request previews, "false" otherwise
  // (render.com/docs/environment-variables); RENDER_GIT_BRANCH is the branch built.
  if (env.RENDER === 'true' && env.IS_PULL_REQUEST !== 'true' && onProductionBranch(env, env.RENDER_GIT_BRANCH)) {
    return {
      reason: 'RENDER=true and IS_PULL_REQUEST is not true (a Render deploy, not a pull request preview)',
      otherwise: "Render's pull request previews are development builds; set PRODUCTION_BRANCH to make other branches' deploys development builds too.",
    };
  }

  // AWS Amplify sets AWS_APP_ID and AWS_BRANCH on every build, and AWS_PULL_REQUEST_ID on a pull request's web
  // preview (docs.aws.amazon.com/amplify/latest/userguide/environment-variables.html). Every branch it builds is
  // published at <branch>.<app>.amplifyapp.com.
  if (set(env.AWS_APP_ID) && !set(env.AWS_PULL_REQUEST_ID) && onProductionBranch(env, env.AWS_BRANCH)) {
    return {
      reason: `AWS_APP_ID is set and AWS_PULL_REQUEST_ID is not (an AWS Amplify deploy of the branch ${env.AWS_BRANCH ?? '(unnamed)'})`,
      otherwise: "Amplify's pull request previews are development builds; set PRODUCTION_BRANCH to make other branches' deploys development builds too.",
    };
  }

  // GitHub Pages is published by a GitHub Actions workflow: a push to (or a manual run on) the default branch
  // builds what goes live. GITHUB_ACTIONS is "true" in every workflow, GITHUB_EVENT_NAME names the event and
  // GITHUB_REF the branch, refs/heads/<branch> (docs.github.com/en/actions/reference/variables-reference).
  if (env.GITHUB_ACTIONS === 'true' && (env.GITHUB_EVENT_NAME === 'push' || env.GITHUB_EVENT_NAME === 'workflow_dispatch')) {
    const branch = env.GITHUB_REF?.startsWith('refs/heads/') ? env.GITHUB_REF.slice('refs/heads/'.length) : undefined;
    const defaultBranch = githubDefaultBranch(env);
    if (branch !== undefined && defaultBranch !== undefined && branch === defaultBranch) {
      return {
        reason: `GITHUB_ACTIONS=true, a ${env.GITHUB_EVENT_NAME} on the default branch, ${branch} (a GitHub Actions build, as GitHub Pages publishes)`,
        otherwise: 'Workflows on other branches and on pull requests are development builds.',
      };
    }
  }
  return undefined;
}

/** The variables above that can make a build a production build. */
const SIGNAL_VARIABLES = ['SITE_URL', 'CONTEXT', 'VERCEL_ENV', 'CF_PAGES', 'RENDER', 'AWS_APP_ID', 'GITHUB_ACTIONS'] as const;

/**
 * `env` without what makes a build a production build: for the builds the tests, the audit and the screenshots
 * make in a throw-away copy for a local stand-in, which are never published, so that running them in a host's
 * build or on a push to the default branch does not fail the launch check on purpose-made demo content.
 */
export function withoutProductionSignals(env: Env): Env {
  const copy = { ...env };
  for (const variable of SIGNAL_VARIABLES) delete copy[variable];
  return copy;
}
