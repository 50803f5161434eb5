// The home page: hero with the Request Information card (and, beside it on a desktop, selected reviews), the agency's
// facts, the 8-service grid, how it works, about and values, questions families ask, contact.
import { css } from '@emotion/react';
import { contactLink, mailtoLink, telLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Faq } from '../../src/components/Faq.tsx';
import { FormCard } from '../../src/components/FormCard.tsx';
import { HowItWorks } from '../../src/components/HowItWorks.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { heroBackground } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { officeHoursText } from '../../src/content/office.ts';
import { ServiceGrid } from '../../src/components/ServiceGrid.tsx';
import { TrustStrip } from '../../src/components/TrustStrip.tsx';
import { ReviewList, ReviewSelectionNote } from '../../src/components/trust/ReviewList.tsx';
import { color, font, layout, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, site, services, form, provider, facts, howItWorks, faq, reviews }: Data) {
  return (
    <>
      <section css={heroStyle} aria-labelledby="home-title">
        <Container>
          <div className={reviews.shown.length ? 'columns with-reviews' : 'columns'}>
            <div className="words">
              <h1 id="home-title">{copy.hero.title}</h1>
              <p className="lead">{copy.hero.lead}</p>
              <div className="actions">
                <ButtonLink {...contactLink('#contact', 'hero')}>
                  <Icon name="message-circle-heart" size={20} /> Get in touch
                </ButtonLink>
                <ButtonLink href="#services" variant="secondary">
                  Explore services
                </ButtonLink>
              </div>
            </div>
            <FormCard
              site={site}
              heading={copy.hero.formHeading}
              intro={`${site.claims.consultation}. Tell us who needs care and how we can reach you.`}
              form={form}
              provider={provider}
            />
            {reviews.shown.length ? (
              <section className="reviews" aria-labelledby="reviews-heading">
                <h2 id="reviews-heading">What Families Say</h2>
                <ReviewSelectionNote rule={`Selected reviews: ${reviews.rule}.`} links={reviews.links} source="home_reviews" />
                <ReviewList reviews={reviews.shown} columns={1} compact />
              </section>
            ) : null}
          </div>
        </Container>
      </section>
      <TrustStrip facts={facts} />
      <Section id="services" heading={copy.services.heading} intro={copy.services.intro}>
        <ServiceGrid services={services} />
      </Section>
      <HowItWorks copy={howItWorks} tint />
      <Section id="about" heading={copy.about.heading} intro={copy.about.intro}>
        <div css={aboutStyle}>
          {copy.about.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <h3 css={valuesHeadingStyle}>Our Core Values</h3>
        <IconCards cards={copy.about.values} columns={4} level={4} />
      </Section>
      <Faq copy={faq} phone={site.phone} tint />
      {/* The words beside the ways to reach us: one row on a desktop, stacked on a phone. */}
      <section id="contact" aria-labelledby="contact-heading" css={contactStyle}>
        <Container>
          <div className={reviews.shown.length ? 'columns with-reviews' : 'columns'}>
            <div className="words">
              <h2 id="contact-heading">{copy.contact.heading}</h2>
              <p className="intro">{copy.contact.intro}</p>
              <ButtonLink {...contactLink('/contact', 'contact_section')}>Send us a message</ButtonLink>
            </div>
            <div css={panelStyle} className="reach">
              <div>
                <p className="label">Call us</p>
                <a {...telLink(site.phone.e164, 'contact_section')} className="big">
                  <Icon name="phone" size={26} /> {site.phone.display}
                </a>
                <a {...mailtoLink(site.email, 'contact_section')} className="mail">
                  <Icon name="mail" size={20} /> {site.email}
                </a>
              </div>
              <div>
                <p className="label">Office hours</p>
                <dl className="hours">
                  {site.officeHours.map((line) => (
                    <div key={line.days.display}>
                      <dt>{line.days.display}:</dt> <dd>{officeHoursText(line)}</dd>
                    </div>
                  ))}
                </dl>
                <p className="after-hours">
                  <Icon name="phone-call" size={20} /> {site.afterHours}
                </p>
              </div>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

const heroStyle = css`
  ${heroBackground};
  padding: clamp(2.5rem, 7vw, 5rem) 0;
  .columns { display: grid; gap: 2rem; align-items: start; }
  /* The form card is long: without reviews, the heading stays at the top, in view beside the card while it scrolls by. */
  ${mq.desktop} {
    .columns { grid-template-columns: 1.15fr 1fr; gap: 3rem; }
    .words { position: sticky; top: 6.5rem; padding-top: clamp(1rem, 4vw, 3rem); }
    /* With reviews, they fill the column under the heading; the card spans both rows. On a phone they follow the card. */
    .with-reviews { grid-template-areas: 'words form' 'reviews form'; grid-template-rows: auto 1fr; row-gap: 1.5rem; }
    .with-reviews .words { position: static; grid-area: words; }
    .with-reviews > :nth-child(2) { grid-area: form; }
    .with-reviews .reviews { grid-area: reviews; }
  }
  .reviews { display: grid; gap: 1rem; }
  .reviews h2 { margin: 0; }
  .lead { font-size: clamp(1.2rem, 2.5vw, 1.4rem); color: ${color.muted}; max-width: 40rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.5rem 0; }
`;

const aboutStyle = css`max-width: 46rem;`;
const valuesHeadingStyle = css`margin-top: 2rem;`;

const contactStyle = css`
  padding: clamp(2.75rem, 7vw, 4.5rem) 0;
  .columns { display: grid; gap: 1.75rem; }
  ${mq.desktop} { .columns { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 3rem; align-items: center; } }
  .words { display: grid; gap: 1.25rem; justify-items: start; }
  .words h2, .words .intro { margin: 0; }
  .intro { color: ${color.muted}; font-size: 1.15rem; max-width: 36rem; }
  /* The card's two halves (phone and e-mail; hours) side by side where the card is the page's width: a tablet. */
  .reach { display: grid; gap: 1.25rem; }
  ${mq.tablet} { .reach { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 2rem; } }
  ${mq.desktop} { .reach { grid-template-columns: none; gap: 1.25rem; } }
  .reach > div { display: grid; gap: 0.35rem; justify-items: start; align-content: start; }
  .label { margin: 0; font-family: ${font.heading}; font-weight: 700; font-size: 1.15rem; }
  .big { display: inline-flex; align-items: center; gap: 0.5rem; font-size: 1.6rem; font-weight: 700; min-height: ${layout.tap}; }
  .mail { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; overflow-wrap: anywhere; }
  .hours { margin: 0; display: grid; gap: 0.2rem; }
  .hours div { display: flex; flex-wrap: wrap; gap: 0 0.35rem; }
  .hours dt { font-weight: 650; }
  .hours dd { margin: 0; }
  .after-hours { margin: 0.75rem 0 0; display: flex; gap: 0.5rem; align-items: flex-start; padding: 0.75rem 1rem; border-radius: 10px; background: ${color.brandTint}; }
  .after-hours svg { flex: none; color: ${color.brand}; margin-top: 0.15rem; }
`;
