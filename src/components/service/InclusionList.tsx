/** 'Service Includes': the eight things a visit can cover, as a checklist. */
import { css } from '@emotion/react';
import { color, layout, mq } from '../../theme.ts';
import { Icon } from '../Icon.tsx';

export function InclusionList({ heading, items }: { heading: string; items: string[] }) {
  return (
    <section aria-labelledby="includes-heading" css={sectionStyle}>
      <h2 id="includes-heading">{heading}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <Icon name="circle-check" size={24} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const sectionStyle = css`
  padding: clamp(1.5rem, 4vw, 2.5rem); background: ${color.sand}; border-radius: ${layout.radius};
  ul { list-style: none; margin: 1rem 0 0; padding: 0; display: grid; gap: 0.75rem 2rem; }
  ${mq.tablet} { ul { grid-template-columns: repeat(2, 1fr); } }
  li { display: flex; gap: 0.75rem; align-items: flex-start; }
  svg { flex: none; color: ${color.brand}; margin-top: 0.15rem; }
`;
