// The frame of every public page: skip link, header, main content, footer, and the base styles.
import { Global, css } from '@emotion/react';
import type { ReactNode } from 'react';
import { color, font, layout } from '../src/theme.ts';

/** `header` and `footer`: SiteHeader and SiteFooter, as renderer/chromeParts.tsx places them. */
export function Layout({ header, footer, children }: { header: ReactNode; footer: ReactNode; children: ReactNode }) {
  return (
    <>
      <Global styles={baseStyles} />
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {header}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </>
  );
}

const baseStyles = css`
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-behavior: smooth; -webkit-text-size-adjust: 100%; }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { transition: none !important; animation: none !important; }
  }
  body {
    margin: 0; font-family: ${font.body}; font-size: 1.125rem; line-height: 1.65;
    color: ${color.ink}; background: ${color.paper}; overflow-wrap: break-word;
  }
  h1, h2, h3 { font-family: ${font.heading}; font-weight: 600; line-height: 1.2; color: ${color.ink}; margin: 0 0 0.5em; text-wrap: balance; }
  h1 { font-size: clamp(2.1rem, 5vw, 3.25rem); }
  h2 { font-size: clamp(1.6rem, 3.5vw, 2.25rem); }
  h3 { font-size: 1.3rem; }
  p { margin: 0 0 1em; }
  a { color: ${color.brand}; text-underline-offset: 0.2em; }
  a:hover { color: ${color.brandDark}; }
  :focus-visible { outline: 3px solid ${color.focus}; outline-offset: 3px; border-radius: 4px; }
  main:focus { outline: none; }
  section[id], [id] { scroll-margin-top: 6rem; }
  .skip-link {
    position: absolute; left: 1rem; top: -10rem; z-index: 100; padding: 0.75rem 1.25rem;
    background: ${color.brand}; color: ${color.white}; border-radius: ${layout.radius}; font-weight: 600;
  }
  .skip-link:focus { top: 1rem; color: ${color.white}; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
