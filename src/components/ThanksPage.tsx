// A thank-you page a form leads to (/careers/thanks, /contact/thanks): what happens next, the reply promise, the phone.
import { css } from '@emotion/react';
import { telLink } from '../analytics/links.ts';
import { ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { PageHero } from './PageHero.tsx';
import { Section } from './Section.tsx';
import { color } from '../theme.ts';
import type { ThanksPageData } from '../forms/resultPages.ts';

export function ThanksPage({ copy, phone, replyPromise }: ThanksPageData) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image} badge={<><Icon name="circle-check" size={20} /> {copy.badge}</>} />
      <Section id="next" heading={copy.next.heading} intro={copy.next.intro}>
        <div css={style}>
          <ol>
            {copy.next.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="promise">
            <Icon name="clock" size={22} /> {replyPromise}.
          </p>
          <p>{copy.questions}</p>
          <ButtonLink {...telLink(phone.e164, 'thanks_page')}>
            <Icon name="phone" size={20} /> Call <span className="nowrap">{phone.display}</span>
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}

const style = css`
  max-width: 46rem;
  ol { margin: 0 0 1.5rem; padding-left: 1.5rem; }
  li { margin: 0.5rem 0; }
  li::marker { color: ${color.brand}; font-weight: 700; }
  .promise { display: flex; align-items: center; gap: 0.5rem; font-weight: 700; color: ${color.brandDark}; }
  .promise svg { flex: none; }
  .nowrap { white-space: nowrap; }
`;
