// /about: mission, the people (who agreed to appear), the office, the four core values, four statistics with their
// sources (where confirmed), six differentiators, awards from others.
import { css } from '@emotion/react';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { IconCards } from '../../src/components/IconCards.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section } from '../../src/components/Section.tsx';
import { AwardList } from '../../src/components/trust/AwardList.tsx';
import { OfficeDetails } from '../../src/components/trust/OfficeDetails.tsx';
import { PeopleGrid } from '../../src/components/trust/PeopleGrid.tsx';
import { color, font, layout, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, stats, phone, team, caregivers, offices, awards }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image} />
      <Section id="mission" heading={copy.mission.heading} intro={copy.mission.intro}>
        <div css={bodyStyle}>
          {copy.mission.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      {team.length || caregivers.length ? (
        <Section id="people" heading="The People You Will Meet" intro="Everyone here agreed to be shown, with their own words and photograph." tint>
          {team.length ? (
            <>
              <h3 css={groupHeadingStyle}>Our Office Team</h3>
              <PeopleGrid people={team} level={4} />
            </>
          ) : null}
          {caregivers.length ? (
            <>
              <h3 css={groupHeadingStyle}>Some of Our Caregivers</h3>
              <PeopleGrid people={caregivers} level={4} />
            </>
          ) : null}
        </Section>
      ) : null}
      {offices.length ? (
        <Section id="office" heading={offices.length > 1 ? 'Our Offices' : 'Our Office'}>
          <div css={officesStyle}>
            {offices.map((office) => (
              <OfficeDetails key={office.slug} office={office} />
            ))}
          </div>
        </Section>
      ) : null}
      <Section id="values" heading="Our Core Values" tint>
        <IconCards cards={copy.values} columns={4} />
      </Section>
      <Section id="numbers" heading="Home Care by the Numbers">
        {/* Each figure with where it comes from, in small print; a figure the agency has yet to confirm has no source line. */}
        <dl css={statsStyle}>
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd className="value">{stat.value}</dd>
              {stat.source && (
                <dd className="source">
                  <span className="label">Source:</span> {stat.source}
                </dd>
              )}
            </div>
          ))}
        </dl>
      </Section>
      <Section id="different" heading={copy.differentiators.heading} intro={copy.differentiators.intro} tint>
        <IconCards cards={copy.differentiators.items} columns={3} />
      </Section>
      {awards.length ? (
        <Section id="recognition" heading="Recognition From Others" intro="Each award links to the page of the organization that gave it, so you can check it yourself.">
          <AwardList awards={awards} />
        </Section>
      ) : null}
      <CallToAction heading="Meet Us Before You Decide" intro="A free consultation is the easiest way to see whether we are the right fit. There is no obligation." phone={phone} />
    </>
  );
}

const bodyStyle = css`max-width: 46rem; font-size: 1.15rem;`;
const groupHeadingStyle = css`margin: 2rem 0 0;`;
const officesStyle = css`display: grid; gap: 1.25rem; margin-top: 1.5rem;`;

const statsStyle = css`
  margin: 1.5rem 0 0; display: grid; gap: 1rem;
  ${mq.tablet} { grid-template-columns: repeat(2, 1fr); }
  ${mq.desktop} { grid-template-columns: repeat(4, 1fr); }
  /* The value reads first on screen; in the markup the label (dt) comes first, as a definition list needs. */
  div { display: flex; flex-direction: column; padding: 1.5rem; border-radius: ${layout.radius}; background: ${color.brandTint}; }
  .value { order: -1; margin: 0; font-family: ${font.heading}; font-size: clamp(2.5rem, 6vw, 3.25rem); font-weight: 700; color: ${color.brandDark}; line-height: 1.1; }
  dt { font-weight: 600; }
  .source { margin: auto 0 0; padding-top: 0.75rem; font-size: 0.875rem; line-height: 1.4; color: ${color.muted}; }
  .source .label { font-weight: 700; }
`;
