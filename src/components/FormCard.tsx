/**
 * Where the form provider's form (HubSpot) appears. Until it does, or if it never does (blocked, offline),
 * the card shows the phone, the e-mail and the reply promise, so the visitor can still reach the agency.
 * The data-* attributes tell the client entry which form to mount.
 */
import { css } from '@emotion/react';
import type { Site } from '../content/schemas/site.ts';
import { color, layout } from '../theme.ts';
import { ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';

interface Props {
  site: Site;
  form: 'contact' | 'careers';
  heading: string;
  intro: string;
  id?: string;
}

export function FormCard({ site, form, heading, intro, id }: Props) {
  const formId = form === 'contact' ? site.forms.contactFormId : site.forms.careersFormId;
  return (
    <div css={cardStyle} id={id}>
      <h2 className="heading">{heading}</h2>
      <p>{intro}</p>
      <div className="form-slot" data-form-provider="hubspot" data-portal-id={site.forms.portalId} data-form-id={formId} data-region={site.forms.region}>
        <div className="fallback">
          <p className="reach">Reach us directly:</p>
          <ButtonLink href={`tel:${site.phone.e164}`}>
            <Icon name="phone" size={22} />
            <span>
              Call <span className="number">{site.phone.display}</span>
            </span>
          </ButtonLink>
          <a href={`mailto:${site.email}`} className="mail">
            <Icon name="mail" size={20} /> {site.email}
          </a>
          <p className="promise">
            <Icon name="clock" size={18} /> {site.claims.replyPromise}.
          </p>
        </div>
      </div>
    </div>
  );
}

const cardStyle = css`
  padding: clamp(1.25rem, 4vw, 2rem); background: ${color.white}; border-radius: ${layout.radius};
  border: 1px solid ${color.line}; box-shadow: 0 16px 40px rgb(13 92 87 / 0.12);
  .heading { font-size: 1.6rem; }
  .fallback { display: grid; gap: 0.6rem; padding: 1rem; border-radius: 12px; background: ${color.brandTint}; }
  .fallback > a:first-of-type { padding-inline: 1rem; }
  .reach { margin: 0; font-weight: 700; }
  /* A narrow card may break the line after "Call", never inside the number. */
  .number { white-space: nowrap; }
  .mail { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; font-weight: 600; overflow-wrap: anywhere; }
  .promise { margin: 0; display: flex; align-items: center; gap: 0.4rem; color: ${color.muted}; font-size: 1rem; }
  .promise svg { flex: none; }
`;
