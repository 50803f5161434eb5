/**
 * Questions families ask (content/faq.yaml): each question a <details> whose <summary> is the question, so an
 * answer opens with a tap and no script; the heading and the phone number beside the list on a desktop.
 */
import { css } from '@emotion/react';
import { telLink } from '../analytics/links.ts';
import type { Faq as Copy } from '../content/schemas/faq.ts';
import type { Site } from '../content/schemas/site.ts';
import { color, layout, mq } from '../theme.ts';
import { Container } from './Container.tsx';
import { Icon } from './Icon.tsx';

export function Faq({ copy, phone, id = 'faq', tint = false }: { copy: Copy; phone: Site['phone']; id?: string; tint?: boolean }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} css={[sectionStyle, tint && tintStyle]}>
      <Container>
        <div className="columns">
          <div className="lead">
            <h2 id={`${id}-heading`}>{copy.heading}</h2>
            <p>{copy.intro}</p>
            <a {...telLink(phone.e164, 'faq')} className="call">
              <Icon name="phone" size={22} /> {phone.display}
            </a>
          </div>
          <div className="questions">
            {copy.questions.map((item) => (
              <details key={item.question}>
                <summary>
                  <span>{item.question}</span>
                  <Icon name="chevron-down" size={22} className="chevron" />
                </summary>
                <div className="answer">
                  <p>{item.answer}</p>
                  {item.points.length ? (
                    <ul>
                      {item.points.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </div>
      </Container>
    </section>
  );
}

const sectionStyle = css`
  padding: clamp(2.75rem, 7vw, 4.5rem) 0;
  .columns { display: grid; gap: 1.5rem; }
  ${mq.desktop} { .columns { grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 3rem; align-items: start; } }
  .lead p { color: ${color.muted}; font-size: 1.15rem; }
  .call { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; font-size: 1.3rem; font-weight: 700; }
  .questions { display: grid; gap: 0.75rem; }
  details { background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; }
  details[open] { box-shadow: 0 4px 14px rgb(29 42 51 / 0.06); }
  summary {
    display: flex; justify-content: space-between; align-items: center; gap: 1rem; min-height: ${layout.tap};
    padding: 1rem 1.25rem; cursor: pointer; list-style: none; font-weight: 700; font-size: 1.1rem; color: ${color.ink};
    border-radius: ${layout.radius};
  }
  summary::-webkit-details-marker { display: none; }
  summary:hover { color: ${color.brand}; }
  .chevron { flex: none; color: ${color.brand}; transition: transform 0.15s; }
  details[open] .chevron { transform: rotate(180deg); }
  @media (prefers-reduced-motion: reduce) { .chevron { transition: none; } }
  .answer { padding: 0 1.25rem 1.25rem; }
  .answer p { margin: 0; }
  .answer ul { margin: 0.75rem 0 0; padding-left: 1.25rem; display: grid; gap: 0.4rem; }
`;

const tintStyle = css`
  background: ${color.sand};
  border-top: 1px solid ${color.line};
  border-bottom: 1px solid ${color.line};
`;
