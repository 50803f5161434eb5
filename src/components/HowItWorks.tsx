/**
 * "How it works" (content/how-it-works.yaml): three numbered steps, each with its illustration, a heading and a
 * sentence or two. One column on a phone, three side by side on a desktop.
 */
import { css } from '@emotion/react';
import type { HowItWorks as Copy } from '../content/schemas/howItWorks.ts';
import { color, font, layout, mq } from '../theme.ts';
import { ContentImage } from './ContentImage.tsx';
import { Section } from './Section.tsx';

export function HowItWorks({ copy, id = 'how-it-works', tint = false }: { copy: Copy; id?: string; tint?: boolean }) {
  return (
    <Section id={id} heading={copy.heading} intro={copy.intro} tint={tint}>
      {/* An ordered list: the steps' order is part of what they say; the numbers drawn beside them repeat it. */}
      <ol css={stepsStyle}>
        {copy.steps.map((step, index) => (
          <li key={step.title}>
            <div className="picture">
              <ContentImage image={step.image} sizes="(min-width: 64rem) 22rem, 90vw" />
            </div>
            <div className="words">
              <span className="number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{keepHyphenatedWhole(step.title)}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** "A Free In-Home Consultation": a narrow card may break the line between words, never at "In-|Home". */
function keepHyphenatedWhole(title: string) {
  return title.split(/(\S+-\S+)/).map((part, index) => (index % 2 ? <span key={index} className="nowrap">{part}</span> : part));
}

const stepsStyle = css`
  list-style: none; margin: 1.75rem 0 0; padding: 0; display: grid; gap: 1.25rem;
  ${mq.desktop} { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1.5rem; }
  li {
    display: grid; gap: 1rem; align-content: start; padding: clamp(1.25rem, 3vw, 1.75rem);
    background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
    box-shadow: 0 4px 14px rgb(29 42 51 / 0.05);
  }
  /* On a tablet the picture sits beside the words, so three steps do not make one very long column. */
  ${mq.tablet} { li { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); align-items: center; } }
  ${mq.desktop} { li { grid-template-columns: none; align-items: start; } }
  .picture { border-radius: 10px; background: ${color.sand}; overflow: hidden; }
  .picture img { display: block; width: 100%; height: auto; }
  .words { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.85rem; align-items: center; }
  .number {
    display: inline-grid; place-items: center; width: 2.5rem; height: 2.5rem; border-radius: 50%;
    background: ${color.brand}; color: ${color.white}; font-family: ${font.heading}; font-weight: 700; font-size: 1.25rem;
  }
  h3 { margin: 0; font-size: 1.3rem; line-height: 1.2; text-wrap: balance; }
  .nowrap { white-space: nowrap; }
  p { grid-column: 1 / -1; margin: 0.5rem 0 0; color: ${color.muted}; }
`;
