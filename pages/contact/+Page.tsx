// /contact: the form card, phone, e-mail, the address of each office families may visit, the service area, office hours, the urgent-call card, three reasons, questions.
import { css } from '@emotion/react';
import { mailtoLink, telLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Faq } from '../../src/components/Faq.tsx';
import { FormCard } from '../../src/components/FormCard.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { officeHoursText } from '../../src/content/office.ts';
import { color, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, site, form, provider, faq, offices }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image} />
      <section id="contact" aria-label="Ways to reach us" css={layoutStyle}>
        <Container>
          <div className="columns">
            <FormCard site={site} heading={copy.form.heading} intro={copy.form.intro} form={form} provider={provider} />
            <div className="side">
              <div css={panelStyle}>
                <h2>Reach Us</h2>
                <ul className="details">
                  <li>
                    <Icon name="phone" size={22} />
                    <a {...telLink(site.phone.e164, 'contact_details')}>{site.phone.display}</a>
                  </li>
                  <li>
                    <Icon name="mail" size={22} />
                    <a {...mailtoLink(site.email, 'contact_details')}>{site.email}</a>
                  </li>
                  {offices.map((office) => (
                    <li key={office.address}>
                      <Icon name="building-2" size={22} />
                      <span>
                        {offices.length > 1 ? `${office.name}: ` : ''}
                        {office.address}
                        {office.directions ? (
                          <>
                            {' '}
                            <a href={office.directions}>Directions on Google</a>
                          </>
                        ) : null}
                      </span>
                    </li>
                  ))}
                  <li>
                    <Icon name="map-pin" size={22} />
                    <span>{site.serviceArea}</span>
                  </li>
                </ul>
              </div>
              <div css={panelStyle}>
                <h2>Office Hours</h2>
                <dl className="hours">
                  {site.officeHours.map((line) => (
                    <div key={line.days.display}>
                      <dt>{line.days.display}</dt>
                      <dd>{officeHoursText(line)}</dd>
                    </div>
                  ))}
                </dl>
                <p className="after-hours">{site.afterHours}</p>
              </div>
              <div css={[panelStyle, urgentStyle]}>
                <h2>{copy.urgent.heading}</h2>
                <p>{copy.urgent.intro}</p>
                <ButtonLink {...telLink(site.phone.e164, 'urgent_card')}>
                  <Icon name="phone-call" size={20} /> Call {site.phone.display}
                </ButtonLink>
              </div>
            </div>
          </div>
        </Container>
      </section>
      <Section id="why-us" heading="Why Families Choose Us" tint>
        <IconCards cards={copy.reasons} columns={3} />
      </Section>
      <Faq copy={faq} phone={site.phone} />
    </>
  );
}

const layoutStyle = css`
  padding: clamp(2rem, 5vw, 3.5rem) 0;
  .columns { display: grid; gap: 1.5rem; }
  ${mq.desktop} { .columns { grid-template-columns: 1.2fr 1fr; align-items: start; } }
  .side { display: grid; gap: 1.25rem; }
  h2 { font-size: 1.4rem; }
  .details { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
  .details li { display: flex; align-items: center; gap: 0.6rem; min-height: 44px; }
  .details svg { color: ${color.brand}; flex: none; }
  .details a { font-weight: 650; overflow-wrap: anywhere; }
  .hours { margin: 0; display: grid; gap: 0.4rem; }
  .hours div { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; border-bottom: 1px dashed ${color.line}; padding-bottom: 0.4rem; }
  .hours dt { font-weight: 650; }
  .hours dd { margin: 0; }
  .after-hours { margin: 0.75rem 0 0; color: ${color.muted}; }
`;

const urgentStyle = css`border-left: 6px solid ${color.accent}; background: #fdf1e8;`;
