/**
 * The build's last step: every prerendered public page gets its style policy (<meta> CSP with the hashes of
 * its own inline styles), and dist/client/_headers gets the site's headers (src/security/headers.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_POSTHOG_HOST } from '../../src/analytics/options.ts';
import type { Content } from '../../src/content/content.ts';
import { providerContactForm } from '../../src/forms/provider.ts';
import { LOCAL_SUPABASE_URL } from '../../src/localBackend.ts';
import { pageScriptPolicy, siteHeadersFile, withPagePolicy, type PolicySources } from '../../src/security/headers.ts';


export function policySources(content: Pick<Content, 'site' | 'placeholders'>, env: NodeJS.ProcessEnv = process.env): PolicySources {
  return {
    // The Supabase project the site is built for: the dashboard's rule (src/supabaseEnv.ts), in Node.
    supabaseUrl: env.VITE_SUPABASE_URL?.trim() || LOCAL_SUPABASE_URL,
    // posthog-js's own default host when only the key is set (src/analytics/options.ts).
    analyticsHost: env.VITE_POSTHOG_KEY?.trim() ? env.VITE_POSTHOG_HOST?.trim() || DEFAULT_POSTHOG_HOST : undefined,
    formProvider: providerContactForm(content) !== null,
    // The content editor on GitHub (CMS_GITHUB_REPO, scripts/generator/editorPage.ts): GitHub's API and the sign-in gateway.
    editorHosts: env.CMS_GITHUB_REPO?.trim() ? ['https://api.github.com', ...(env.CMS_AUTH_URL?.trim() ? [new URL(env.CMS_AUTH_URL.trim()).origin] : [])] : [],
  };
}

/**
 * A prerendered page with its style policy (the <meta> CSP with the hashes of its inline styles), or as it is
 * where the header's rule applies instead. `file` is relative to dist/client.
 */
export function withPolicyWhereItApplies(file: string, html: string, sources: PolicySources): { html: string; hasPolicy: boolean } {
  // Every page refuses to evaluate strings as scripts, which the header allows for the content editor alone.
  const scripts = pageScriptPolicy(sources);
  // /admin is rendered in the browser, where Emotion inserts its styles as it goes: the header's rule for styles applies.
  if (file.split(/[\\/]/)[0] === 'admin') return { html: withPagePolicy(html, file, scripts, false), hasPolicy: false };
  // The provider's form writes styles of its own into the card: such a page keeps the header's rule for styles too.
  if (sources.formProvider && html.includes('data-form-provider')) return { html: withPagePolicy(html, file, scripts, false), hasPolicy: false };
  return { html: withPagePolicy(html, file, scripts), hasPolicy: true };
}

/** dist/client/_headers: the site's headers for static hosts (and the local server). */
export function writeHeadersFile(client: string, sources: PolicySources): void {
  writeFileSync(path.join(client, '_headers'), siteHeadersFile(sources));
}

/** Gives every page already written under `client` its policy; returns the number of pages given one. */
export function applySecurityHeaders(client: string, sources: PolicySources): number {
  let pages = 0;
  for (const file of readdirSync(client, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const absolute = path.join(client, file);
    const html = readFileSync(absolute, 'utf8');
    const page = withPolicyWhereItApplies(file, html, sources);
    if (page.html !== html) writeFileSync(absolute, page.html);
    if (page.hasPolicy) pages += 1;
  }
  writeHeadersFile(client, sources);
  return pages;
}
