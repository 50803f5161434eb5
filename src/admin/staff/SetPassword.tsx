/**
 * The first visit of an invited member (or one sent a link to set a new password): the link signed them in
 * (emailLink.ts), and before the dashboard opens they choose the password they will sign in with from now on.
 */
import { css } from '@emotion/react';
import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { color, font, layout } from '../../theme.ts';
import { supabase } from '../client.ts';

export const MIN_PASSWORD = 8;

export function SetPassword({ agency, onDone }: { agency: string; onDone: (user: User) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('new-password'));
    if (password.length < MIN_PASSWORD) return setError(`Choose a password of at least ${MIN_PASSWORD} characters.`);
    if (password !== String(form.get('repeat-password'))) return setError('The two passwords are not the same. Type them again.');
    setBusy(true);
    setError(undefined);
    const { data, error: failure } = await supabase.auth.updateUser({ password });
    setBusy(false);
    if (data.user && !failure) return onDone(data.user);
    setError(
      failure?.status === 401 || failure?.status === 403
        ? 'This link’s session has ended. Ask an admin to invite you again.'
        : failure?.status === 422
          ? `The password was refused: ${failure.message}`
          : 'We could not reach the sign-in service. Check your connection and try again.',
    );
  }

  return (
    <div css={pageStyle}>
      <main>
        <form css={cardStyle} onSubmit={submit} aria-describedby={error ? 'password-error' : 'password-hint'} noValidate>
          <h1 ref={heading} tabIndex={-1}>
            Choose your password
          </h1>
          <p className="lead">Welcome to the {agency || 'staff'} dashboard. Choose the password you will sign in with from now on.</p>
          <label htmlFor="new-password">New password</label>
          <input id="new-password" name="new-password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD} required aria-describedby="password-hint" />
          <p id="password-hint" className="hint">
            At least {MIN_PASSWORD} characters. A few unrelated words are easy to remember and hard to guess.
          </p>
          <label htmlFor="repeat-password">Type it again</label>
          <input id="repeat-password" name="repeat-password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD} required />
          {error ? (
            <p id="password-error" className="error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save password and continue'}
          </button>
        </form>
      </main>
    </div>
  );
}

const pageStyle = css`
  min-height: 100vh; display: grid; align-content: center; justify-items: center; padding: 1.5rem;
  main { width: min(100%, 28rem); }
`;

const cardStyle = css`
  display: grid; gap: 0.5rem; padding: 2rem; background: ${color.white};
  border: 1px solid ${color.line}; border-radius: ${layout.radius}; box-shadow: 0 16px 40px rgb(13 92 87 / 0.12);
  h1 { font-family: ${font.heading}; font-size: 1.8rem; }
  .lead, .hint { color: ${color.muted}; margin: 0; }
  .hint { font-size: 0.95rem; }
  label { font-weight: 650; margin-top: 0.5rem; }
  input { min-height: ${layout.tap}; padding: 0.5rem 0.75rem; font: inherit; border: 2px solid ${color.control}; border-radius: 10px; }
  input:focus-visible { border-color: ${color.brand}; }
  button {
    min-height: ${layout.tap}; margin-top: 1rem; border: 0; border-radius: 999px; background: ${color.brand};
    color: ${color.white}; font: inherit; font-weight: 700; cursor: pointer;
  }
  button:disabled { opacity: 0.7; cursor: progress; }
  .error { margin: 0.5rem 0 0; padding: 0.75rem; border-radius: 10px; background: ${color.dangerTint}; color: ${color.danger}; font-weight: 600; }
`;
