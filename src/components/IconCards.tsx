/** A grid of cards with an icon, a heading and a sentence: features, benefits, values, reasons. */
import { css } from '@emotion/react';
import type { Tone } from '../content/schemas/common.ts';
import { color, font, layout, mq, tones } from '../theme.ts';
import { gridList } from './gridList.ts';
import { Icon } from './Icon.tsx';

export interface IconCard {
  icon: string;
  title: string;
  description: string;
  color?: Tone | undefined;
}

/** `level` keeps headings in order when the grid sits under an h3 of its own. */
export function IconCards({ cards, columns, level = 3 }: { cards: readonly IconCard[]; columns: 3 | 4; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <ul css={gridList(columns)}>
      {cards.map((card) => {
        const tone = tones[card.color ?? 'teal'];
        return (
          <li key={card.title} css={cardStyle}>
            <span className="icon" style={{ background: tone.bg, color: tone.fg }}>
              <Icon name={card.icon} size={28} />
            </span>
            <Heading className="title">{card.title}</Heading>
            <p>{card.description}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** On a phone the icon sits beside the heading (a stack of four cards is a screen shorter); above the text from a tablet up. */
const cardStyle = css`
  padding: 1.5rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  box-shadow: 0 4px 14px rgb(29 42 51 / 0.05);
  display: grid; grid-template-columns: 3.25rem minmax(0, 1fr); column-gap: 1rem; align-items: center; align-content: start;
  .icon { display: inline-grid; place-items: center; width: 3.25rem; height: 3.25rem; border-radius: 14px; }
  .title { font-size: 1.2rem; margin: 0; font-family: ${font.heading}; font-weight: 600; line-height: 1.2; }
  p { grid-column: 1 / -1; margin: 0.75rem 0 0; color: ${color.muted}; }
  ${mq.tablet} {
    display: block;
    .icon { margin-bottom: 1rem; }
    .title { margin-bottom: 0.5em; }
    p { margin-top: 0; }
  }
`;
