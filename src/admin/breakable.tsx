/**
 * An e-mail address (or a line with one) that wraps where a reader expects it: after an '@' and before a '.',
 * never in the middle of a name. <wbr> adds those line-break opportunities without adding a character, so a
 * copied address stays exact. Where even one piece is too long for its box, the style's
 * `overflow-wrap: break-word` is the last resort.
 */
import { Fragment, type ReactNode } from 'react';

export function breakable(text: string): ReactNode {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '.' || text[i - 1] === '@') {
      parts.push(text.slice(start, i));
      start = i;
    }
  }
  if (start === 0) return text;
  parts.push(text.slice(start));
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
