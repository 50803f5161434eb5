// /careers: the licence badge, why work here, a card per open opening (linking to its page), and the application form.
import { css } from '@emotion/react';
import { pageLink, telLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { JobFacts } from '../../src/components/JobFacts.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { ApplicationForm } from '../../src/forms/ApplicationForm.tsx';
import { ReviewList } from '../../src/components/trust/ReviewList.tsx';
import { mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, jobs, form, site, voices }: Data) {
  return (
    <>
      <PageHero
        title={copy.hero.title}
        lead={copy.hero.lead}
        image={copy.hero.image}
        badge={
          <>
            <Icon name="badge-check" size={20} /> {copy.hero.badge}
          </>
        }
      >
        <ButtonLink href={jobs.length ? '#apply' : '#openings'}>
          <Icon name="file-pen-line" size={20} /> Apply now
        </ButtonLink>
      </PageHero>
      <Section id="benefits" heading={copy.benefits.heading} intro={copy.benefits.intro}>
        <IconCards cards={copy.benefits.items} columns={3} />
      </Section>
      {voices.length ? (
        <Section id="voices" heading="In Our Caregivers' Own Words" intro="What the people who work here told us, shared with their permission. Each is marked as written by an employee.">
          <ReviewList reviews={voices} columns={voices.length > 2 ? 3 : 2} />
        </Section>
      ) : null}
      <Section id="openings" heading={copy.openings.heading} intro={jobs.length ? copy.openings.intro : undefined} tint>
        {jobs.length ? (
          <ul css={jobsStyle}>
            {jobs.map((job) => (
              <li key={job.slug}>
                <article id={job.slug} css={panelStyle} aria-labelledby={`${job.slug}-title`}>
                  <h3 id={`${job.slug}-title`}>{job.title}</h3>
                  <JobFacts job={job} />
                  <p className="summary">{job.summary}</p>
                  <a {...pageLink(job.path, 'job_card')} className="more" aria-label={`Read more and apply: ${job.title}`}>
                    Read more and apply <Icon name="arrow-right" size={20} />
                  </a>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            We have no openings right now. Kind, reliable people are always welcome to call us at{' '}
            <a {...telLink(site.phone.e164, 'careers')}>{site.phone.display}</a>.
          </p>
        )}
      </Section>
      {jobs.length ? (
        <section id="apply" aria-labelledby="apply-heading" css={applyStyle}>
          <Container>
            <ApplicationForm {...form} heading={copy.apply.heading} intro={copy.apply.intro} />
          </Container>
        </section>
      ) : null}
    </>
  );
}

const jobsStyle = css`
  display: grid; gap: 1.5rem; margin: 1.5rem 0 0; padding: 0; list-style: none;
  ${mq.desktop} { grid-template-columns: repeat(2, 1fr); }
  & > li, article { height: 100%; }
  article { display: flex; flex-direction: column; }
  h3 { font-size: 1.5rem; }
  .summary { font-size: 1.15rem; }
  .more { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 44px; margin-top: auto; font-weight: 700; align-self: flex-start; }
`;

const applyStyle = css`padding: clamp(2.5rem, 6vw, 4rem) 0;`;
