/** Centres content at the site's reading width, with side gutters on small screens. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { layout } from '../theme.ts';

export function Container({ children, as: Tag = 'div' }: { children: ReactNode; as?: 'div' | 'nav' }) {
  return <Tag css={containerStyle}>{children}</Tag>;
}

export const containerStyle = css`
  width: 100%;
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${layout.gutter};
`;
