/** Centres content at the site's reading width, with side gutters on small screens. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { layout } from '../theme.ts';

/** `wide` lets the header use more of a large screen than the reading width. */
export function Container({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div css={[containerStyle, wide && wideStyle]}>{children}</div>;
}

const containerStyle = css`
  width: 100%;
  max-width: ${layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${layout.gutter};
`;

const wideStyle = css`max-width: 90rem;`;
