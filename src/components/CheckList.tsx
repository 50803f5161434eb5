/** A list of short statements, each with a check mark: promises, claims and what a service includes. */
import { css } from '@emotion/react';
import { color, mq } from '../theme.ts';
import { Icon } from './Icon.tsx';

type Layout = 'inline' | 'columns';

export function CheckList({ items, layout, label }: { items: readonly string[]; layout: Layout; label?: string }) {
  return (
    <ul css={[listStyle, layouts[layout]]} aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="circle-check" size={layout === 'inline' ? 20 : 24} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

const listStyle = css`
  list-style: none; margin: 0; padding: 0; display: grid;
  li { display: flex; gap: 0.6rem; align-items: flex-start; }
  svg { flex: none; color: ${color.brand}; margin-top: 0.2rem; }
`;

const layouts: Record<Layout, ReturnType<typeof css>> = {
  /** Bold, compact, side by side from tablet width: the promises under a hero. */
  inline: css`
    gap: 0.4rem; font-weight: 600;
    ${mq.tablet} { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; }
  `,
  /** Two columns from tablet width: the eight 'Service Includes' items. */
  columns: css`
    gap: 0.75rem 2rem;
    ${mq.tablet} { grid-template-columns: repeat(2, 1fr); }
  `,
};
