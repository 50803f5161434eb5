/** The call card on every service page: the phone number one tap away, and a way to write instead. */
import { css } from '@emotion/react';
import type { Site } from '../../content/schemas/site.ts';
import { color, layout } from '../../theme.ts';
import { ButtonLink } from '../Button.tsx';
import { Icon } from '../Icon.tsx';

/** Pages whose foot names its buttons differently in the spec (post-surgical recovery: Call / Get Information). */
const contactLabels: Record<string, string> = { 'post-surgical-recovery': 'Get Information' };

export function CallCard({ serviceName, phone, slug }: { serviceName: string; phone: Site['phone']; slug: string }) {
  return (
    <section css={cardStyle} aria-labelledby="call-heading">
      <h2 id="call-heading">Talk with us about {serviceName.toLowerCase()}</h2>
      <p>Tell us what you or your family member needs. A free consultation comes with no obligation, and we will suggest a care plan that fits.</p>
      <div className="actions">
        <ButtonLink href={`tel:${phone.e164}`} variant="onDark">
          <Icon name="phone" size={20} /> Call {phone.display}
        </ButtonLink>
        <a href="/contact" className="secondary">
          {contactLabels[slug] ?? 'Send us a message'}
        </a>
      </div>
    </section>
  );
}

const cardStyle = css`
  padding: clamp(1.75rem, 5vw, 3rem); border-radius: ${layout.radius}; color: ${color.white};
  background: linear-gradient(135deg, ${color.brand}, ${color.brandDark});
  h2 { color: ${color.white}; }
  p { max-width: 40rem; color: #e3f1ef; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem 1.5rem; align-items: center; }
  .secondary { color: ${color.white}; font-weight: 650; min-height: ${layout.tap}; display: inline-flex; align-items: center; }
  .secondary:hover { color: #cfe9e5; }
  :focus-visible { outline-color: ${color.white}; }
`;
