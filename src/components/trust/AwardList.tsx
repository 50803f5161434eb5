/**
 * Awards and badges from others, each with who gave it, the year and a link to the issuer's own page where a visitor
 * can check it. Never stars or a rating.
 */
import { css } from '@emotion/react';
import type { Award } from '../../content/trust/recognitionSchema.ts';
import { color, layout, mq } from '../../theme.ts';
import { ContentImage } from '../ContentImage.tsx';
import { Icon } from '../Icon.tsx';

export function AwardList({ awards }: { awards: readonly Award[] }) {
  return (
    <ul css={listStyle}>
      {awards.map((award) => (
        <li key={`${award.issuer} ${award.name} ${award.year}`}>
          {award.image ? <ContentImage image={award.image} sizes="6rem" className="badge" /> : <Icon name="award" size={32} />}
          <div>
            <p className="name">
              {award.name}, {award.year}
            </p>
            <p>
              Given by {award.issuer}. <a href={award.link}>See it on the issuer&rsquo;s page</a>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

const listStyle = css`
  list-style: none; margin: 1rem 0 0; padding: 0; display: grid; gap: 1rem;
  ${mq.desktop} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  li { display: flex; gap: 1rem; align-items: flex-start; padding: 1.25rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; }
  li > svg { flex: none; color: ${color.brand}; }
  .badge { width: 6rem; height: auto; }
  p { margin: 0; }
  .name { font-weight: 700; }
  a { display: inline-flex; align-items: center; min-height: ${layout.tap}; }
`;
