/**
 * Which Supabase keys may be built into the site. Everything a `VITE_*` variable holds ends up in a file every
 * visitor downloads, so the only Supabase key that may stand there is the public one: the legacy `anon` JWT, or a
 * new-style `sb_publishable_…` key. The `service_role` JWT and `sb_secret_…` keys bypass every access rule
 * (Supabase docs, "Understanding API keys"): built in, they would hand every application, inquiry and resume to
 * anyone who opens the browser's developer tools. The messages name the variable and never print the key.
 */

export type KeyKind = 'publishable' | 'secret' | 'other-role' | 'not-a-key';

/** Where to find the right key, said once. */
export const WHERE_THE_PUBLIC_KEY_IS = 'Use the public key instead: Supabase dashboard > Project Settings > API, the anon (legacy) or publishable key';

/** The role a JWT's payload names, or undefined when the value is not a JWT with a role. */
function jwtRole(value: string): string | undefined {
  const parts = value.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+={0,2}$/.test(part))) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { role?: unknown };
    return typeof payload.role === 'string' ? payload.role : undefined;
  } catch {
    return undefined;
  }
}

/** What kind of key `value` is. */
export function keyKind(value: string): KeyKind {
  if (value.startsWith('sb_secret_')) return 'secret';
  if (value.startsWith('sb_publishable_')) return 'publishable';
  const role = jwtRole(value);
  if (role === undefined) return 'not-a-key';
  if (role === 'anon') return 'publishable';
  return role === 'service_role' || role === 'supabase_admin' ? 'secret' : 'other-role';
}

/** What is wrong with `value` as VITE_SUPABASE_ANON_KEY, or undefined for a public key. */
export function anonKeyProblem(value: string): string | undefined {
  switch (keyKind(value)) {
    case 'publishable':
      return undefined;
    case 'secret':
      return `is a secret key (${value.startsWith('sb_secret_') ? 'sb_secret_…' : 'a service_role JWT'}), which bypasses every access rule: built into the site, every visitor could read and change every application and inquiry. ${WHERE_THE_PUBLIC_KEY_IS}. Then revoke the secret key there (it may already be in a build)`;
    case 'other-role':
      return `is a JWT whose role is "${jwtRole(value)}", not "anon". ${WHERE_THE_PUBLIC_KEY_IS}`;
    case 'not-a-key':
      return `is not a Supabase public key (neither a JWT nor an sb_publishable_… key). ${WHERE_THE_PUBLIC_KEY_IS}`;
  }
}

/**
 * Every `VITE_*` variable that holds a secret Supabase key, with why: the build refuses these before anything is
 * bundled, production or not, since a built file with a secret in it is a leak wherever it is served or kept.
 */
export function secretsInBrowserVariables(env: NodeJS.ProcessEnv): Array<{ variable: string; message: string }> {
  const found: Array<{ variable: string; message: string }> = [];
  for (const [variable, raw] of Object.entries(env)) {
    const value = raw?.trim();
    if (!variable.startsWith('VITE_') || !value) continue;
    if (variable === 'VITE_SUPABASE_ANON_KEY') {
      const kind = keyKind(value);
      if (kind === 'secret' || kind === 'other-role') found.push({ variable, message: anonKeyProblem(value)! });
    } else if (keyKind(value) === 'secret') {
      found.push({ variable, message: `holds a secret Supabase key, which bypasses every access rule, and every VITE_ variable is built into files every visitor downloads. Remove it; keep secret keys off the website` });
    }
  }
  return found;
}
