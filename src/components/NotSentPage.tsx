// A not-sent page (/careers/not-sent#<reason>, /contact/not-sent#<reason>): why a form sent without JavaScript
// was refused, and how to fix it. No script: CSS shows the section the address's fragment names (:target), or a
// general one when it names none.
import { css } from '@emotion/react';
import { pageLink, telLink } from '../analytics/links.ts';
import { ButtonLink } from './Button.tsx';
import { Container } from './Container.tsx';
import { ContentImage } from './ContentImage.tsx';
import { Icon } from './Icon.tsx';
import { heroBackground } from './PageHero.tsx';
import { panelStyle } from './Section.tsx';
import { color, mq } from '../theme.ts';
import type { NotSentPageData } from '../forms/resultPages.ts';

export function NotSentPage({ copy, phone, back }: NotSentPageData) {
  return (
    <section aria-labelledby="page-title" css={style}>
      <Container>
        <div className="layout">
          <div className="inner">
            <h1 id="page-title">{copy.hero.title}</h1>
            <p className="lead">{copy.hero.lead}</p>
            <div className="reasons" css={panelStyle}>
              {Object.entries(copy.reasons).map(([reason, notice]) => (
                <section key={reason} id={reason} className="reason" aria-labelledby={`${reason}-heading`}>
                  <h2 id={`${reason}-heading`}>{notice.heading}</h2>
                  <p>{notice.body}</p>
                </section>
              ))}
              {/* After the reasons, so that a targeted reason can hide it (the sibling selector looks forward only). */}
              <section className="unknown" aria-labelledby="unknown-heading">
                <h2 id="unknown-heading">{copy.unknown.heading}</h2>
                <p>{copy.unknown.body}</p>
              </section>
            </div>
            <p className="back">
              <Icon name="arrow-left" size={22} /> {copy.goBack}
            </p>
            <p>{copy.call}</p>
            <ButtonLink {...telLink(phone.e164, 'not_sent_page')}>
              <Icon name="phone" size={20} /> Call <span className="nowrap">{phone.display}</span>
            </ButtonLink>
            <p className="back-link">
              <a {...pageLink(back, 'not_sent_page')}>{copy.backLink}</a>
            </p>
          </div>
          {/* Beside the words on a wide screen only: on a phone the explanation comes first and alone. */}
          {copy.hero.image ? <ContentImage image={copy.hero.image} sizes="28rem" className="picture" /> : null}
        </div>
      </Container>
    </section>
  );
}

const style = css`
  ${heroBackground};
  padding: clamp(2.5rem, 7vw, 5rem) 0;
  .inner { max-width: 46rem; }
  .picture { display: none; }
  ${mq.desktop} {
    .layout { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr); gap: 3rem; align-items: start; }
    .picture { display: block; width: 100%; height: auto; margin-top: 2rem; }
  }
  .lead { font-size: clamp(1.15rem, 2.4vw, 1.3rem); color: ${color.muted}; }
  .reasons { margin: 1.5rem 0; border-left: 6px solid ${color.accent}; }
  .reasons h2 { font-size: 1.4rem; }
  .reasons p { margin: 0; }
  .reason { display: none; }
  .reason:target { display: block; }
  .reason:target ~ .unknown { display: none; }
  /* Following #reason would scroll the heading out of view; a margin larger than the offset keeps the page at its top. */
  .reasons > [id] { scroll-margin-top: 100rem; }
  .back { display: flex; gap: 0.6rem; align-items: flex-start; }
  .back svg { flex: none; margin-top: 0.25rem; color: ${color.brand}; }
  .nowrap { white-space: nowrap; }
  .back-link { margin-top: 1.5rem; }
  .back-link a { display: inline-flex; align-items: center; min-height: 44px; }
`;
