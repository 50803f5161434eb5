/** 'Service Includes': the eight things a visit can cover, as a checklist. */
import { css } from '@emotion/react';
import { color, layout } from '../../theme.ts';
import { CheckList } from '../CheckList.tsx';

export function InclusionList({ heading, items }: { heading: string; items: string[] }) {
  return (
    <section aria-labelledby="includes-heading" css={sectionStyle}>
      <h2 id="includes-heading">{heading}</h2>
      <CheckList items={items} layout="columns" />
    </section>
  );
}

const sectionStyle = css`
  padding: clamp(1.5rem, 4vw, 2.5rem); background: ${color.sand}; border-radius: ${layout.radius};
  h2 { margin-bottom: 1rem; }
`;
