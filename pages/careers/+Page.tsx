// /careers: the licence badge, why work here, the openings in full, and the application form card.
import { css } from '@emotion/react';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { FormCard } from '../../src/components/FormCard.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { color, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

const employment: Record<'FULL_TIME' | 'PART_TIME', string> = { FULL_TIME: 'Full time', PART_TIME: 'Part time' };

export default function Page({ copy, jobs, site }: Data) {
  return (
    <>
      <PageHero
        title={copy.hero.title}
        lead={copy.hero.lead}
        badge={
          <>
            <Icon name="badge-check" size={20} /> {copy.hero.badge}
          </>
        }
      >
        <ButtonLink href="#apply">
          <Icon name="file-pen-line" size={20} /> Apply now
        </ButtonLink>
      </PageHero>
      <Section id="benefits" heading={copy.benefits.heading} intro={copy.benefits.intro}>
        <IconCards cards={copy.benefits.items} columns={3} />
      </Section>
      <Section id="openings" heading={copy.openings.heading} intro={copy.openings.intro} tint>
        <div css={jobsStyle}>
          {jobs.map((job) => (
            <article key={job.slug} id={job.slug} css={panelStyle} aria-labelledby={`${job.slug}-title`}>
              <h3 id={`${job.slug}-title`}>{job.title}</h3>
              <p className="facts">
                <span>
                  <Icon name="briefcase" size={18} /> {job.employmentTypes.map((type) => employment[type]).join(' or ')}
                </span>
                <span>
                  <Icon name="clock" size={18} /> {job.workHours}
                </span>
              </p>
              <p className="summary">{job.summary}</p>
              {job.description.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <h4>What you will do</h4>
              <ul>
                {job.responsibilities.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <h4>What you need</h4>
              <ul>
                {job.requirements.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              {job.preferred.length ? (
                <>
                  <h4>Preferred, not required</h4>
                  <ul>
                    {job.preferred.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <a href="#apply" className="apply">
                Apply for {job.title}
              </a>
            </article>
          ))}
        </div>
      </Section>
      <section id="apply" aria-label="Apply" css={applyStyle}>
        <Container>
          <FormCard site={site} form="careers" heading={copy.apply.heading} intro={copy.apply.intro} />
        </Container>
      </section>
    </>
  );
}

const jobsStyle = css`
  display: grid; gap: 1.5rem; margin-top: 1.5rem;
  ${mq.desktop} { grid-template-columns: repeat(2, 1fr); align-items: start; }
  h3 { font-size: 1.5rem; }
  h4 { font-size: 1.1rem; margin: 1.25rem 0 0.4rem; font-family: inherit; }
  .facts { display: flex; flex-wrap: wrap; gap: 0.4rem 1.25rem; color: ${color.brandDark}; font-weight: 650; }
  .facts span { display: inline-flex; align-items: flex-start; gap: 0.35rem; }
  .facts svg { flex: none; margin-top: 0.3rem; }
  .summary { font-size: 1.15rem; }
  ul { margin: 0; padding-left: 1.25rem; }
  li { margin: 0.25rem 0; }
  .apply { display: inline-flex; align-items: center; min-height: 44px; margin-top: 1rem; font-weight: 700; }
`;

const applyStyle = css`padding: clamp(2.5rem, 6vw, 4rem) 0; & > div > div { max-width: 44rem; }`;
