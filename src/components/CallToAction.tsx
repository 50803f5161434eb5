/**
 * The closing band of a page: a heading, a sentence, the phone number and a link to /contact (or contactHref). `source` names
 * it in the analytics of both links (the post-surgical page has its own, POST_SURGICAL_SOURCE).
 */
import { css } from '@emotion/react';
import { contactLink, telLink } from '../analytics/links.ts';
import type { Site } from '../content/schemas/site.ts';
import { color, layout } from '../theme.ts';
import { ButtonLink } from './Button.tsx';
import { Container } from './Container.tsx';
import { Icon } from './Icon.tsx';

export function CallToAction({
  heading,
  intro,
  phone,
  contactLabel = 'Contact us',
  source = 'page_cta',
  contactHref = '/contact',
}: {
  heading: string;
  intro: string;
  phone: Site['phone'];
  contactLabel?: string;
  source?: string;
  /** Where the contact link leads (a service page's: the contact page with its service ticked). */
  contactHref?: string;
}) {
  return (
    <section css={bandStyle} aria-labelledby="cta-heading">
      <Container>
        <div className="card">
          <h2 id="cta-heading">{heading}</h2>
          <p>{intro}</p>
          <div className="actions">
            <ButtonLink {...telLink(phone.e164, source)} variant="onDark">
              <Icon name="phone" size={20} /> Call {phone.display}
            </ButtonLink>
            <a {...contactLink(contactHref, source)} className="secondary">
              {contactLabel}
            </a>
          </div>
        </div>
      </Container>
    </section>
  );
}

/** The space above and below the band's card; pages use it between their sections too (one rhythm). */
export const bandSpacing = 'clamp(2.5rem, 6vw, 4rem)';

const bandStyle = css`
  padding: ${bandSpacing} 0;
  .card { padding: clamp(1.75rem, 5vw, 3rem); border-radius: ${layout.radius}; color: ${color.white}; background: linear-gradient(135deg, ${color.brand}, ${color.brandDark}); }
  h2 { color: ${color.white}; }
  p { max-width: 40rem; color: #e3f1ef; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem 1.5rem; align-items: center; }
  .secondary { color: ${color.white}; font-weight: 650; min-height: ${layout.tap}; display: inline-flex; align-items: center; }
  .secondary:hover { color: #cfe9e5; }
  & :focus-visible { outline-color: ${color.focusOnDark}; }
`;
