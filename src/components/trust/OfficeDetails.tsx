/**
 * An office as a family plans a visit or a call: its address (only where visitors are received), hours, phone,
 * photograph, the towns it serves, and its Google profile, where every review is read. An office that receives no
 * visitors says so and gives the towns it serves instead of a street.
 */
import { css } from '@emotion/react';
import type { OfficeEntry } from '../../content/content.ts';
import { officeHoursText } from '../../content/office.ts';
import { officeAddressLine } from '../../content/trust/trust.ts';
import { telLink } from '../../analytics/links.ts';
import { color, font, layout, mq } from '../../theme.ts';
import { toTitleCase } from '../../titleCase.ts';
import { ContentImage } from '../ContentImage.tsx';
import { Icon } from '../Icon.tsx';

export function OfficeDetails({ office, level = 3 }: { office: OfficeEntry; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <article css={officeStyle} aria-labelledby={`office-${office.slug}`}>
      {office.photo ? <ContentImage image={office.photo} sizes="(min-width: 64rem) 28rem, 90vw" className="photo" /> : null}
      <div className="details">
        <Heading id={`office-${office.slug}`}>{toTitleCase(office.name)}</Heading>
        {office.receivesVisitors ? (
          <p className="line">
            <Icon name="building-2" size={22} /> <span>{officeAddressLine(office)}</span>
          </p>
        ) : (
          <p className="line">
            <Icon name="car" size={22} /> <span>We come to you: this office does not receive visitors.</span>
          </p>
        )}
        <p className="line">
          <Icon name="phone" size={22} /> <a {...telLink(office.phone.e164, 'office')}>{office.phone.display}</a>
        </p>
        <dl className="hours">
          {office.hours.map((line) => (
            <div key={line.days.display}>
              <dt>{line.days.display}:</dt> <dd>{officeHoursText(line)}</dd>
            </div>
          ))}
        </dl>
        <p>
          <strong>Towns we visit from here:</strong> {office.towns.join(', ')}.
        </p>
        {office.googleProfile ? (
          <p>
            <a href={office.googleProfile}>
              <Icon name="map-pin" size={20} /> {office.receivesVisitors ? 'Directions and reviews on Google' : 'Our reviews on Google'}
            </a>
          </p>
        ) : null}
      </div>
    </article>
  );
}

const officeStyle = css`
  display: grid; gap: 1.25rem; padding: clamp(1.25rem, 4vw, 2rem); background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  ${mq.desktop} { grid-template-columns: minmax(0, 28rem) minmax(0, 1fr); align-items: start; }
  .photo, picture img { width: 100%; height: auto; border-radius: 10px; }
  .details { display: grid; gap: 0.6rem; align-content: start; }
  h3, h4 { margin: 0; font-family: ${font.heading}; }
  p { margin: 0; }
  .line { display: flex; gap: 0.5rem; align-items: flex-start; }
  .line svg { flex: none; color: ${color.brand}; margin-top: 0.15rem; }
  a { display: inline-flex; align-items: center; gap: 0.4rem; min-height: ${layout.tap}; }
  .hours { margin: 0; display: grid; gap: 0.2rem; }
  .hours div { display: flex; flex-wrap: wrap; gap: 0 0.35rem; }
  .hours dt { font-weight: 650; }
  .hours dd { margin: 0; }
`;
