// THE job template: the page of every open job (content/jobs/<slug>.yaml), with its application form.
import { css } from '@emotion/react';
import { pageLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { JobFacts } from '../../src/components/JobFacts.tsx';
import { heroBackground } from '../../src/components/PageHero.tsx';
import { ApplicationForm } from '../../src/forms/ApplicationForm.tsx';
import { color, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export default function Page({ job, apply, form }: Data) {
  return (
    <article aria-labelledby="page-title">
      <header css={heroStyle}>
        <Container>
          <nav aria-label="Breadcrumb">
            <a {...pageLink('/careers', 'breadcrumb')}>
              <Icon name="arrow-left" size={18} /> All openings
            </a>
          </nav>
          <h1 id="page-title">{job.title}</h1>
          <p className="lead">{job.summary}</p>
          <JobFacts job={job} />
          <p className="dates">Apply by {longDate(job.validThrough)}</p>
          <ButtonLink href="#apply">
            <Icon name="file-pen-line" size={20} /> Apply now
          </ButtonLink>
        </Container>
      </header>
      <Container>
        <div css={detailsStyle}>
          <section aria-labelledby="about-heading">
            <h2 id="about-heading">About the Job</h2>
            {job.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
          <section aria-labelledby="duties-heading">
            <h2 id="duties-heading">What You Will Do</h2>
            <List items={job.responsibilities} />
          </section>
          <section aria-labelledby="needs-heading">
            <h2 id="needs-heading">What You Need</h2>
            <List items={job.requirements} />
          </section>
          {job.preferred.length ? (
            <section aria-labelledby="preferred-heading">
              <h2 id="preferred-heading">Preferred, Not Required</h2>
              <List items={job.preferred} />
            </section>
          ) : null}
        </div>
      </Container>
      <section id="apply" aria-labelledby="apply-heading" css={applyStyle}>
        <Container>
          <ApplicationForm {...form} heading={`Apply for ${job.title}`} intro={apply.intro} />
        </Container>
      </section>
    </article>
  );
}

function List({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const heroStyle = css`
  ${heroBackground};
  padding: clamp(1.5rem, 5vw, 3rem) 0 clamp(2rem, 5vw, 3.5rem);
  & > div > * { max-width: 48rem; }
  nav a { display: inline-flex; align-items: center; gap: 0.35rem; min-height: 44px; font-weight: 650; }
  .lead { font-size: clamp(1.15rem, 2.4vw, 1.3rem); color: ${color.muted}; }
  .dates { color: ${color.muted}; }
`;

const detailsStyle = css`
  display: grid; gap: 0 3rem; padding-top: clamp(2rem, 5vw, 3rem); max-width: 48rem;
  ${mq.desktop} { max-width: none; grid-template-columns: repeat(2, minmax(0, 1fr)); & > section:first-of-type { grid-column: 1 / -1; max-width: 48rem; } }
  h2 { font-size: 1.5rem; margin-top: 1.5rem; }
  ul { margin: 0; padding-left: 1.25rem; }
  li { margin: 0.35rem 0; }
  li::marker { color: ${color.brand}; }
`;

const applyStyle = css`padding: clamp(2.5rem, 6vw, 4rem) 0;`;
