/** The 8-service grid (home and /services), each card naming its service in its link text, then the way to all services. */
import { css } from '@emotion/react';
import { allServicesLink, serviceLink } from '../analytics/links.ts';
import type { ServicePage } from '../content/content.ts';
import { color, font, layout } from '../theme.ts';
import { gridList } from './gridList.ts';
import { ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';

export type GridService = Pick<ServicePage, 'canonicalPath' | 'card'>;

export function ServiceGrid({ services }: { services: GridService[] }) {
  return (
    <>
      <ul css={gridList(4)}>
        {services.map(({ canonicalPath, card }) => (
          <li key={canonicalPath}>
            <a {...serviceLink(canonicalPath, 'service_grid')} css={cardStyle}>
              <span className="icon">
                <Icon name={card.icon} size={28} />
              </span>
              <span className="title">{card.title}</span>
              <span className="text">{card.text}</span>
            </a>
          </li>
        ))}
      </ul>
      <p css={moreStyle}>
        <ButtonLink {...allServicesLink()} variant="secondary">
          View all services <Icon name="arrow-right" size={20} />
        </ButtonLink>
      </p>
    </>
  );
}

const moreStyle = css`margin: 2rem 0 0;`;

const cardStyle = css`
  display: flex; flex-direction: column; gap: 0.4rem; height: 100%; padding: 1.5rem; text-decoration: none;
  background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; color: ${color.ink};
  transition: border-color 0.15s, box-shadow 0.15s;
  .icon { display: inline-grid; place-items: center; width: 3.25rem; height: 3.25rem; border-radius: 14px; background: ${color.brandTint}; color: ${color.brand}; margin-bottom: 0.5rem; }
  .title { font-family: ${font.heading}; font-size: 1.25rem; font-weight: 600; color: ${color.brandDark}; text-decoration: underline; text-decoration-thickness: 1px; text-underline-offset: 0.2em; }
  .text { color: ${color.muted}; }
  &:hover { border-color: ${color.brand}; box-shadow: 0 8px 24px rgb(13 92 87 / 0.12); color: ${color.ink}; }
`;
