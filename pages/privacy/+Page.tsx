// /privacy: the privacy notice of the application form, and how to ask for an application to be deleted.
import { css } from '@emotion/react';
import { mailtoLink, telLink } from '../../src/analytics/links.ts';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { color, layout } from '../../src/theme.ts';
import type { Data } from './+data.ts';

const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export default function Page({ copy, site }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <p css={updatedStyle}>
          Last updated <time dateTime={copy.updated}>{longDate(copy.updated)}</time>
        </p>
      </PageHero>
      <Container>
        <div css={bodyStyle}>
          {copy.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`privacy-${index}`}>
              <h2 id={`privacy-${index}`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items.length ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <section id="contact-us" aria-labelledby="privacy-contact">
            <h2 id="privacy-contact">{copy.contact.heading}</h2>
            <p>{copy.contact.intro}</p>
            <ul className="contact">
              <li>
                <a {...mailtoLink(site.email, 'privacy')}>
                  <Icon name="mail" size={20} /> {site.email}
                </a>
              </li>
              <li>
                <a {...telLink(site.phone.e164, 'privacy')}>
                  <Icon name="phone" size={20} /> {site.phone.display}
                </a>
              </li>
            </ul>
          </section>
        </div>
      </Container>
    </>
  );
}

const updatedStyle = css`color: ${color.muted}; margin: 0;`;

const bodyStyle = css`
  max-width: 46rem; padding: clamp(1.5rem, 5vw, 3rem) 0 0;
  h2 { font-size: 1.5rem; margin-top: 2rem; }
  ul { padding-left: 1.25rem; }
  li { margin: 0.3rem 0; }
  .contact { list-style: none; padding: 0; }
  .contact a { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; font-weight: 650; overflow-wrap: anywhere; }
  .contact svg { flex: none; }
`;
