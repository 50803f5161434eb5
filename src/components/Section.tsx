/** A titled band of a page. `id` makes it a scroll target (#services, #about, #contact). */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { color, layout } from '../theme.ts';
import { Container } from './Container.tsx';

interface Props {
  id: string;
  heading: string;
  intro?: string;
  tint?: boolean;
  children?: ReactNode;
}

export function Section({ id, heading, intro, tint = false, children }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} css={[sectionStyle, tint && tintStyle]}>
      <Container>
        <h2 id={`${id}-heading`}>{heading}</h2>
        {intro ? <p className="intro">{intro}</p> : null}
        {children}
      </Container>
    </section>
  );
}

const sectionStyle = css`
  padding: clamp(2.75rem, 7vw, 4.5rem) 0;
  .intro { max-width: 46rem; color: ${color.muted}; font-size: 1.15rem; }
`;

const tintStyle = css`
  background: ${color.sand};
  border-top: 1px solid ${color.line};
  border-bottom: 1px solid ${color.line};
`;

/** A white panel on a page: cards of contact details, hours, the urgent-call card. */
export const panelStyle = css`
  padding: clamp(1.25rem, 4vw, 2rem); background: ${color.white}; border: 1px solid ${color.line};
  border-radius: ${layout.radius}; box-shadow: 0 4px 14px rgb(29 42 51 / 0.05);
`;
