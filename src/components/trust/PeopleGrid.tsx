/**
 * The people a family will meet, each with their photograph (and what it shows), name, role, a few words of their
 * own, the languages they speak and their certificates. Only people whose consent to appear is on record reach
 * this list (src/content/trust/trust.ts). Each card's heading is their name.
 */
import { css } from '@emotion/react';
import type { PersonEntry } from '../../content/content.ts';
import { color, font, layout, mq } from '../../theme.ts';
import { ContentImage } from '../ContentImage.tsx';

export function PeopleGrid({ people, level = 3 }: { people: readonly PersonEntry[]; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <ul css={gridStyle}>
      {people.map((person) => (
        <li key={person.slug}>
          <article aria-labelledby={`person-${person.slug}`}>
            <ContentImage image={person.photo} sizes="(min-width: 64rem) 16rem, (min-width: 40rem) 40vw, 90vw" className="photo" />
            <Heading id={`person-${person.slug}`} className="name">
              {person.name}
            </Heading>
            <p className="role">{person.role}</p>
            <p>{person.intro}</p>
            <dl>
              <div>
                <dt>Speaks</dt>
                <dd>{person.languages.join(', ')}</dd>
              </div>
              {person.credentials.length ? (
                <div>
                  <dt>Certified</dt>
                  <dd>{person.credentials.join(', ')}</dd>
                </div>
              ) : null}
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}

const gridStyle = css`
  list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: 1.25rem;
  ${mq.tablet} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.desktop} { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  article { height: 100%; display: flex; flex-direction: column; gap: 0.4rem; padding: 1.25rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; }
  .photo, picture img { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; border-radius: 10px; background: ${color.brandTint}; }
  .name { margin: 0.5rem 0 0; font-family: ${font.heading}; font-size: 1.25rem; }
  .role { margin: 0; font-weight: 650; color: ${color.brandDark}; }
  p { margin: 0; }
  dl { margin: auto 0 0; padding-top: 0.5rem; display: grid; gap: 0.15rem; }
  dl div { display: flex; flex-wrap: wrap; gap: 0 0.35rem; }
  dt { font-weight: 650; }
  dt::after { content: ':'; }
  dd { margin: 0; }
`;
