/**
 * The contact card of the home page's hero and of /contact: the site's own inquiry form, with the phone, the
 * e-mail and the reply promise under it, always (decisions 8 and 11: no lead is lost to a missing form).
 * When site.yaml names a real HubSpot form, the card also carries its ids in data-* attributes and an empty
 * place for it: the form script (src/forms/enhance.ts, mountProviderForm.ts) then loads HubSpot's script and
 * shows its form instead of the site's own only once it is ready, in time, and before the visitor has begun
 * with the own form. With the shipped placeholder ids there is neither, and no request goes to HubSpot.
 */
import { css } from '@emotion/react';
import { mailtoLink, telLink } from '../analytics/links.ts';
import { NO_CAPTURE_CLASS } from '../analytics/options.ts';
import type { Site } from '../content/schemas/site.ts';
import { InquiryForm } from '../forms/InquiryForm.tsx';
import type { InquiryFormProps } from '../forms/inquiryFormData.ts';
import type { ProviderForm } from '../forms/provider.ts';
import { color, layout } from '../theme.ts';
import { ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';

interface Props {
  site: Site;
  heading: string;
  intro: string;
  form: InquiryFormProps;
  /** The agency's HubSpot contact form; null while site.yaml holds placeholders. */
  provider: ProviderForm | null;
}

export function FormCard({ site, heading, intro, form, provider }: Props) {
  const providerData = provider
    ? { 'data-form-provider': 'hubspot', 'data-region': provider.region, 'data-portal-id': provider.portalId, 'data-form-id': provider.formId }
    : {};
  return (
    <div css={cardStyle} {...providerData}>
      <h2 id="inquiry-heading" className="heading">
        {heading}
      </h2>
      <p>{intro}</p>
      {/* Laid out but unseen (and out of reach) until the provider's form is ready and shown. */}
      {/* The provider's form is a form like ours: kept out of recordings and autocapture (DESIGN 15). */}
      {provider ? <div id="inquiry-provider" className={`provider ${NO_CAPTURE_CLASS}`} data-provider-target="" /> : null}
      <InquiryForm {...form} labelledBy="inquiry-heading" />
      <div className="fallback">
        <p className="reach">Prefer to talk? Reach us directly:</p>
        <ButtonLink {...telLink(site.phone.e164, 'form_card')}>
          <Icon name="phone" size={22} />
          <span>
            Call <span className="number">{site.phone.display}</span>
          </span>
        </ButtonLink>
        <a {...mailtoLink(site.email, 'form_card')} className="mail">
          <Icon name="mail" size={20} /> {site.email}
        </a>
        <p className="promise">
          <Icon name="clock" size={18} /> {site.claims.replyPromise}.
        </p>
      </div>
    </div>
  );
}

const cardStyle = css`
  position: relative; display: grid; gap: 1rem; min-width: 0;
  padding: clamp(1.25rem, 4vw, 2rem); background: ${color.white}; border-radius: ${layout.radius};
  border: 1px solid ${color.line}; box-shadow: 0 16px 40px rgb(13 92 87 / 0.12);
  & > p { margin: 0; }
  .heading { font-size: 1.6rem; margin: 0; }
  .provider:not([data-ready]) { position: absolute; inset: 0 0 auto; height: 0; overflow: hidden; visibility: hidden; }
  .fallback { display: grid; gap: 0.6rem; padding: 1rem; border-radius: 12px; background: ${color.brandTint}; }
  .fallback > a:first-of-type { padding-inline: 1rem; }
  .reach { margin: 0; font-weight: 700; }
  /* A narrow card may break the line after "Call", never inside the number. */
  .number { white-space: nowrap; }
  .mail { display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; font-weight: 600; overflow-wrap: anywhere; }
  .promise { margin: 0; display: flex; align-items: center; gap: 0.4rem; color: ${color.muted}; font-size: 1rem; }
  .promise svg { flex: none; }
`;
