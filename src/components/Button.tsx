/** A link styled as a button: the site's calls to action (call, schedule, contact); `buttonCss` styles a real button the same way. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { color, layout } from '../theme.ts';

type Variant = 'primary' | 'secondary' | 'onDark';

/** `attributes`: more of the link's attributes, such as the data-track ones of src/analytics/links.ts. */
export function ButtonLink({ href, children, variant = 'primary', ...attributes }: { href: string; children: ReactNode; variant?: Variant } & Record<`data-${string}`, string>) {
  return (
    <a href={href} css={buttonCss(variant)} {...attributes}>
      {children}
    </a>
  );
}

export function buttonCss(variant: Variant = 'primary') {
  return [buttonStyle, variants[variant]];
}

const buttonStyle = css`
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem;
  min-height: ${layout.tap}; padding: 0.7rem 1.4rem; border-radius: 999px;
  font-weight: 650; font-size: 1.05rem; line-height: 1.2; text-decoration: none; text-align: center;
  border: 2px solid transparent; transition: background-color 0.15s, color 0.15s;
  svg { flex: none; }
`;

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${color.brand}; color: ${color.white};
    &:hover { background: ${color.brandDark}; color: ${color.white}; }
  `,
  secondary: css`
    background: ${color.white}; color: ${color.brand}; border-color: ${color.brand};
    &:hover { background: ${color.brandTint}; color: ${color.brandDark}; }
  `,
  onDark: css`
    background: ${color.white}; color: ${color.brandDark};
    &:hover { background: ${color.brandTint}; color: ${color.brandDark}; }
  `,
};
