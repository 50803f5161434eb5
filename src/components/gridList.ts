/** The responsive card grid of the site: one column on phones, two on tablets, 3 or 4 on desktops. */
import { css } from '@emotion/react';
import { mq } from '../theme.ts';

export function gridList(columns: 3 | 4) {
  return css`
    list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: 1.25rem;
    /* minmax(0, 1fr): a long word or an inner list can never push the grid wider than the screen. */
    ${mq.tablet} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
    ${mq.desktop} { grid-template-columns: repeat(${columns}, minmax(0, 1fr)); }
  `;
}
