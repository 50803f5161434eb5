/**
 * Colours, type and spacing of the public site and /admin. Every text/background pair here meets WCAG 2.2 AA
 * (4.5:1 for body text), and every control's edge and focus indicator 3:1 with what is around it (SC 1.4.11:
 * tests/e2e/contrast.spec.ts measures them); the tones are the card colours content files name.
 */
import type { Tone } from './content/schemas/common.ts';

export const color = {
  ink: '#1d2a33', // body text: 13.9:1 on paper
  muted: '#4a5a66', // secondary text: 7.0:1 on paper
  paper: '#fffdf9',
  sand: '#f6f0e6', // alternate section background
  line: '#e3dacb', // dividers and the edges of cards: 1.4:1 on white, so never the edge of a control (see control)
  brand: '#0d5c57', // deep teal: buttons and links, 7.3:1 with white
  brandDark: '#08403c',
  brandTint: '#e3f1ef',
  accent: '#b4481f', // warm terracotta for highlights, 5.3:1 on paper
  /** The edge of a text box, select or textarea: 7.1:1 on white, 6.3:1 on sand. An outlined button's is brand. */
  control: '#4a5a66',
  focus: '#1a56db', // the focus outline on light backgrounds: 6.2:1 on white, 5.0:1 on the hero's peach; 1.9:1 on brandDark
  focusOnDark: '#ffffff', // the focus outline on brand, brandDark and the error toast: 7.8:1, 11.6:1, 8.2:1
  danger: '#a4262c', // form errors: 7.3:1 on white, 6.3:1 on dangerTint
  dangerTint: '#fdeceb',
  white: '#ffffff',
} as const;

/** Card tones: a light background with a dark foreground of the same hue (all above 7:1). */
export const tones: Record<Tone, { bg: string; fg: string }> = {
  rose: { bg: '#ffe4e8', fg: '#9b1c36' },
  amber: { bg: '#fdf0c8', fg: '#7a4a02' },
  teal: { bg: '#d8f3ef', fg: '#0b5750' },
  sky: { bg: '#ddeffc', fg: '#0b4f7c' },
  violet: { bg: '#ece6fd', fg: '#5631a8' },
  emerald: { bg: '#dcf5e6', fg: '#17603a' },
  indigo: { bg: '#e3e7fd', fg: '#3136a0' },
  orange: { bg: '#ffe8d6', fg: '#8f3a0c' },
};

/**
 * The faces are self-hosted (src/fonts.ts); until they arrive (or if they never do), a local face adjusted to
 * their size ("… Fallback", also src/fonts.ts) stands in, then the rest of the stack.
 */
export const font = {
  body: '"Atkinson Hyperlegible", "Atkinson Hyperlegible Fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  heading: 'Fraunces, "Fraunces Fallback", Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
} as const;

export const layout = {
  maxWidth: '72rem',
  gutter: 'clamp(1rem, 4vw, 2rem)',
  radius: '14px',
  tap: '44px',
} as const;

/** Media queries, mobile first. */
export const mq = {
  tablet: '@media (min-width: 40rem)',
  desktop: '@media (min-width: 64rem)',
} as const;
