/**
 * The staff sign-in form: e-mail and password, with a clear message when they are wrong. Under it, a line for
 * whoever came here to change the site's words: that is the content editor, at its own address with its own sign-in
 * (the computer's own files under `npm start`, a GitHub account on the published site: docs/editing-the-site.md).
 */
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { EDITOR_PATH } from '../editor/shared.ts';
import { color, font, layout } from '../theme.ts';
import { supabase } from './client.ts';

export function SignIn({ agency, notice }: { agency: string; notice?: string | undefined }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    const { error: failure } = await supabase.auth.signInWithPassword({ email: String(form.get('email')), password: String(form.get('password')) });
    setBusy(false);
    if (!failure) return;
    setError(
      failure.code === 'invalid_credentials' || failure.status === 400
        ? 'The e-mail or password is not right. Check them and try again.'
        : failure.status === 429
          ? 'Too many sign-in attempts. Wait a few minutes, then try again.'
          : 'We could not reach the sign-in service. Check your connection and try again.',
    );
  }

  return (
    <div css={pageStyle}>
      {agency ? (
        <header css={brandStyle}>
          {/* The site's mark (public/favicon.svg), so staff know whose dashboard this is. */}
          <svg viewBox="0 0 64 64" width="44" height="44" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill={color.brand} />
            <path d="M32 14 12 30h6v20h28V30h6Z" fill={color.paper} />
            <path d="M32 46s-9-5.6-9-11.3A5 5 0 0 1 32 32a5 5 0 0 1 9 2.7C41 40.4 32 46 32 46Z" fill={color.accent} />
          </svg>
          <p>{agency}</p>
        </header>
      ) : null}
      <main>
        <form css={cardStyle} onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
          <h1>Staff sign in</h1>
          <p className="lead">Job applications and inquiries contain personal data. Sign in with your staff account to review them.</p>
          {notice ? <p className="notice" role="status">{notice}</p> : null}
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="username" required />
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
          {error ? (
            <p id="sign-in-error" className="error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p css={editorLineStyle}>
          Here to change the website’s words or pictures? That is done in the content editor, not here:{' '}
          <a href={EDITOR_PATH}>open the content editor at {EDITOR_PATH}</a>. It has its own sign-in.
        </p>
      </main>
    </div>
  );
}

const pageStyle = css`
  min-height: 100vh; display: grid; align-content: center; justify-items: center; gap: 1.25rem; padding: 1.5rem;
  main { width: min(100%, 26rem); }
`;

const editorLineStyle = css`
  margin: 1.25rem 0 0; text-align: center; color: ${color.muted};
  a { color: ${color.brandDark}; font-weight: 650; }
  a:focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const brandStyle = css`
  display: flex; align-items: center; gap: 0.75rem;
  p { margin: 0; font-family: ${font.heading}; font-size: 1.5rem; font-weight: 700; line-height: 1.2; color: ${color.brandDark}; }
`;

const cardStyle = css`
  display: grid; gap: 0.5rem; padding: 2rem; background: ${color.white};
  border: 1px solid ${color.line}; border-radius: ${layout.radius}; box-shadow: 0 16px 40px rgb(13 92 87 / 0.12);
  h1 { font-size: 1.8rem; }
  .lead { color: ${color.muted}; }
  label { font-weight: 650; margin-top: 0.5rem; }
  input { min-height: ${layout.tap}; padding: 0.5rem 0.75rem; font: inherit; border: 2px solid ${color.control}; border-radius: 10px; }
  input:focus-visible { border-color: ${color.brand}; }
  button {
    min-height: ${layout.tap}; margin-top: 1rem; border: 0; border-radius: 999px; background: ${color.brand};
    color: ${color.white}; font: inherit; font-weight: 700; cursor: pointer;
  }
  button:disabled { opacity: 0.7; cursor: progress; }
  .error { margin: 0.5rem 0 0; padding: 0.75rem; border-radius: 10px; background: #fdecec; color: #8a1c1c; font-weight: 600; }
  .notice { padding: 0.75rem; border-radius: 10px; background: ${color.brandTint}; }
`;
