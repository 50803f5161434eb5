/**
 * The agency's own facts in a band under the home page's hero: how many towns it serves, the length of a visit,
 * its state licence, the reply promise and the background checks. Every fact is read from the content that
 * already states it (site.yaml, regions.yaml), never typed a second time.
 */
import { css } from '@emotion/react';
import type { Regions } from '../content/schemas/regions.ts';
import type { Site } from '../content/schemas/site.ts';
import { color, font, mq } from '../theme.ts';
import { Container } from './Container.tsx';
import { Icon } from './Icon.tsx';

export interface AgencyFact {
  icon: string;
  /** The fact, in bold. */
  text: string;
  /** A second, smaller line, where the fact has one. */
  detail?: string;
}

export function agencyFacts(site: Pick<Site, 'claims' | 'registration'>, regions: Pick<Regions, 'counties'>): AgencyFact[] {
  const towns = new Set(regions.counties.flatMap((county) => county.towns)).size;
  const counties = regions.counties.length;
  return [
    { icon: 'map-pin', text: `${towns} towns in ${counties} counties`, detail: site.claims.coverage },
    { icon: 'hourglass', text: site.claims.careHours },
    { icon: 'badge-check', text: `State license ${site.registration.number}`, detail: `${site.claims.licensedInsured}. ${site.registration.label}` },
    { icon: 'mail-check', text: site.claims.replyPromise },
    { icon: 'user-check', text: site.claims.backgroundChecked },
  ];
}

export function TrustStrip({ facts }: { facts: readonly AgencyFact[] }) {
  return (
    <div css={stripStyle}>
      <Container>
        <ul aria-label="Why families trust us">
          {facts.map((fact) => (
            <li key={fact.text}>
              <Icon name={fact.icon} size={26} />
              <span>
                <strong>{fact.text}</strong>
                {fact.detail ? <span className="detail">{fact.detail}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </Container>
    </div>
  );
}

const stripStyle = css`
  background: ${color.white}; border-bottom: 1px solid ${color.line};
  ul { list-style: none; margin: 0; padding: 1.25rem 0; display: grid; gap: 1rem; }
  ${mq.tablet} { ul { grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); gap: 1.25rem 2rem; } }
  ${mq.desktop} { ul { grid-template-columns: repeat(5, minmax(0, 1fr)); padding: 1.5rem 0; } }
  li { display: flex; gap: 0.7rem; align-items: flex-start; }
  svg { flex: none; color: ${color.brand}; margin-top: 0.1rem; }
  strong { display: block; font-family: ${font.heading}; font-size: 1.1rem; line-height: 1.25; color: ${color.ink}; }
  .detail { display: block; margin-top: 0.2rem; font-size: 0.95rem; line-height: 1.35; color: ${color.muted}; }
`;
