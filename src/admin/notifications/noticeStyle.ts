/**
 * The look of the notices at the top of the dashboard (NotificationTrouble, HeldReplies): a box in the danger
 * colours, its title, its paragraphs, and each listed item's name and actions (links and buttons a finger can hit).
 */
import { css } from '@emotion/react';
import { color, layout } from '../../theme.ts';

export const noticeStyle = css`
  margin: 0 0 1.5rem; padding: 1rem 1.25rem; border-radius: 12px; background: ${color.dangerTint};
  border-left: 6px solid ${color.danger};
  .title { margin: 0 0 0.5rem; font-size: 1.2rem; font-weight: 700; color: ${color.danger}; }
  p { margin: 0 0 0.5rem; }
  ul { list-style: none; padding: 0; display: grid; }
  li { background: ${color.white}; border-radius: 8px; }
  .what { font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; }
  .actions a { display: inline-flex; align-items: center; min-height: ${layout.tap}; font-weight: 650; }
`;
