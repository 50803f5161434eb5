// /locations: the counties and towns served, the travel policy, calls to action.
import { css } from '@emotion/react';
import { telLink } from '../../src/analytics/links.ts';
import { ButtonLink } from '../../src/components/Button.tsx';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { gridList } from '../../src/components/gridList.ts';
import { Icon } from '../../src/components/Icon.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section, panelStyle } from '../../src/components/Section.tsx';
import { color, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ copy, regions, site }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <ButtonLink {...telLink(site.phone.e164, 'hero')}>
          <Icon name="phone" size={20} /> Call {site.phone.display}
        </ButtonLink>
      </PageHero>
      <Section id="counties" heading="Counties and Towns We Serve" intro={site.claims.coverage + '.'}>
        <ul css={[gridList(3), countiesStyle]}>
          {regions.counties.map((county) => (
            <li key={county.name} css={panelStyle}>
              <h3>
                <Icon name="map-pin" size={22} /> {county.name}
              </h3>
              <p className="count">{county.towns.length} towns</p>
              <ul className="towns">
                {county.towns.map((town) => (
                  <li key={town}>{town}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="travel" heading="Travel Policy" tint>
        <p css={policyStyle}>{regions.travelPolicy}</p>
      </Section>
      <CallToAction heading={copy.callToAction.heading} intro={copy.callToAction.intro} phone={site.phone} />
    </>
  );
}

const countiesStyle = css`
  /* Two counties a row on wide screens: each town list keeps room for its two columns. */
  ${mq.desktop} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  h3 { display: flex; align-items: center; gap: 0.5rem; font-size: 1.3rem; margin-bottom: 0.25rem; }
  h3 svg { color: ${color.accent}; flex: none; }
  .count { color: ${color.muted}; font-size: 1rem; margin-bottom: 0.75rem; }
  .towns { list-style: none; margin: 0; padding: 0; columns: 2; column-gap: 1rem; }
  .towns li { break-inside: avoid; padding: 0.15rem 0; }
`;

const policyStyle = css`max-width: 46rem; font-size: 1.15rem;`;
