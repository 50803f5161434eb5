/** The responsive card grid of the site: one column on phones, two on tablets, 3 or 4 on desktops. */
import { css } from '@emotion/react';
import { mq } from '../theme.ts';

export function gridList(columns: 3 | 4) {
  return css`
    list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: 1.25rem;
    ${mq.tablet} { grid-template-columns: repeat(2, 1fr); }
    ${mq.desktop} { grid-template-columns: repeat(${columns}, 1fr); }
  `;
}
