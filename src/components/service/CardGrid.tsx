/** A titled grid of coloured cards: 'What We Provide' (4) and the benefits (3) on service pages. */
import { css } from '@emotion/react';
import type { Service } from '../../content/schemas/service.ts';
import { color, layout, tones } from '../../theme.ts';
import { gridList } from '../gridList.ts';
import { Icon } from '../Icon.tsx';

type Card = Service['features'][number];

export function CardGrid({ id, heading, cards, columns }: { id: string; heading: string; cards: Card[]; columns: 3 | 4 }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul css={gridList(columns)}>
        {cards.map((card) => (
          <li key={card.title} css={cardStyle}>
            <span className="icon" style={{ background: tones[card.color].bg, color: tones[card.color].fg }}>
              <Icon name={card.icon} size={28} />
            </span>
            <h3>{card.title}</h3>
            <p>{card.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const cardStyle = css`
  padding: 1.5rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  box-shadow: 0 4px 14px rgb(29 42 51 / 0.05);
  .icon { display: inline-grid; place-items: center; width: 3.25rem; height: 3.25rem; border-radius: 14px; margin-bottom: 1rem; }
  h3 { font-size: 1.2rem; }
  p { margin: 0; color: ${color.muted}; }
`;
