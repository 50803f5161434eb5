// The home page: hero with the Request Information card, the 8-service grid, about and values, contact.
import { css } from '@emotion/react';
import { contactLink, mailtoLink, telLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { CheckList } from '../../src/components/CheckList.tsx';
import { Container } from '../../src/components/Container.tsx';
import { FormCard } from '../../src/components/FormCard.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { heroBackground } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { ServiceGrid } from '../../src/components/ServiceGrid.tsx';
import { color, layout, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, site, services, form, provider }: Data) {
  const claims = [site.claims.backgroundChecked, site.claims.licensedInsured, site.claims.careHours, site.claims.coverage];
  return (
    <>
      <section css={heroStyle} aria-labelledby="home-title">
        <Container>
          <div className="columns">
            <div>
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
              <CheckList items={claims} layout="inline" label="Why families trust us" />
            </div>
            <FormCard
              site={site}
              heading={copy.hero.formHeading}
              intro={`${site.claims.consultation}. Tell us who needs care and how we can reach you.`}
              form={form}
              provider={provider}
            />
          </div>
        </Container>
      </section>
      <Section id="services" heading={copy.services.heading} intro={copy.services.intro}>
        <ServiceGrid services={services} />
      </Section>
      <Section id="about" heading={copy.about.heading} intro={copy.about.intro} tint>
        <div css={aboutStyle}>
          {copy.about.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <h3 css={valuesHeadingStyle}>Our core values</h3>
        <IconCards cards={copy.about.values} columns={4} level={4} />
      </Section>
      <Section id="contact" heading={copy.contact.heading} intro={copy.contact.intro}>
        <div css={contactStyle}>
          <div css={panelStyle}>
            <a {...telLink(site.phone.e164, 'contact_section')} className="big">
              <Icon name="phone" size={26} /> {site.phone.display}
            </a>
            <a {...mailtoLink(site.email, 'contact_section')} className="mail">
              <Icon name="mail" size={20} /> {site.email}
            </a>
            <p>
              {site.officeHours.map((row) => (
                <span key={row.days} className="row">
                  {row.days}: {row.hours}
                </span>
              ))}
            </p>
          </div>
          <ButtonLink {...contactLink('/contact', 'contact_section')}>Send us a message</ButtonLink>
        </div>
      </Section>
    </>
  );
}

const heroStyle = css`
  ${heroBackground};
  padding: clamp(2.5rem, 7vw, 5rem) 0;
  .columns { display: grid; gap: 2rem; align-items: center; }
  ${mq.desktop} { .columns { grid-template-columns: 1.15fr 1fr; gap: 3rem; } }
  .lead { font-size: clamp(1.2rem, 2.5vw, 1.4rem); color: ${color.muted}; max-width: 40rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.5rem 0; }
`;

const aboutStyle = css`max-width: 46rem;`;
const valuesHeadingStyle = css`margin-top: 2rem;`;

const contactStyle = css`
  display: grid; gap: 1.25rem; justify-items: start; margin-top: 1rem;
  & > div { display: grid; gap: 0.25rem; justify-items: start; }
  .big { display: inline-flex; align-items: center; gap: 0.5rem; font-size: 1.6rem; font-weight: 700; min-height: ${layout.tap}; }
  .mail { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; overflow-wrap: anywhere; }
  .row { display: block; }
`;
