/** The top of a fixed page: an optional badge, the page's one h1, its lead paragraph, and actions. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { color } from '../theme.ts';
import { Container } from './Container.tsx';

export function PageHero({ title, lead, badge, children }: { title: string; lead: string; badge?: ReactNode; children?: ReactNode }) {
  return (
    <section css={heroStyle} aria-labelledby="page-title">
      <Container>
        <div className="inner">
          {badge ? <p className="badge">{badge}</p> : null}
          <h1 id="page-title">{title}</h1>
          <p className="lead">{lead}</p>
          {children}
        </div>
      </Container>
    </section>
  );
}

export const heroBackground = css`
  background: radial-gradient(circle at 88% 8%, #fbe3cf 0, transparent 45%), linear-gradient(180deg, ${color.brandTint}, ${color.paper});
`;

const heroStyle = css`
  ${heroBackground};
  padding: clamp(2.5rem, 7vw, 5rem) 0 clamp(2rem, 5vw, 3.5rem);
  .inner { max-width: 48rem; }
  .lead { font-size: clamp(1.15rem, 2.4vw, 1.3rem); color: ${color.muted}; }
  .badge {
    display: inline-flex; align-items: center; gap: 0.4rem; padding: 0.35rem 0.9rem; border-radius: 999px;
    background: ${color.white}; border: 1px solid ${color.line}; color: ${color.brandDark}; font-weight: 700; font-size: 1rem;
  }
`;
