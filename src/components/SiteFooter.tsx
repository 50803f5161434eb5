/**
 * The footer of every public page: five services, coverage, contact (with the address of each office families may
 * visit, content/offices/), the legal line and the registration.
 */
import { css } from '@emotion/react';
import type { Chrome } from '../chrome.ts';
import { buildDate } from '../env.ts';
import { allServicesLink, mailtoLink, pageLink, serviceLink, telLink } from '../analytics/links.ts';
import { color, font, layout, mq } from '../theme.ts';
import { Container } from './Container.tsx';
import { Icon } from './Icon.tsx';

export function SiteFooter({ chrome }: { chrome: Chrome }) {
  const { site, footer, offices } = chrome;
  const year = buildDate().getFullYear();
  return (
    <footer css={footerStyle}>
      <Container>
        <div css={columnsStyle}>
          <div>
            <p className="brand">{site.name}</p>
            <p>{site.claims.careHours}, with caregivers you can trust.</p>
          </div>
          <nav aria-label="Services">
            <h2>Services</h2>
            <ul>
              {footer.map((item) => (
                <li key={item.href}>
                  <a {...serviceLink(item.href, 'footer')}>{item.title}</a>
                </li>
              ))}
              <li>
                <a {...allServicesLink()}>All services</a>
              </li>
            </ul>
          </nav>
          <div>
            <h2>Statewide Coverage</h2>
            <ul>
              <li>{site.claims.coverage}</li>
              <li>{site.claims.backgroundChecked}</li>
              <li>{site.claims.licensedInsured}</li>
              <li>
                <a {...pageLink('/locations', 'footer')}>Counties and towns we serve</a>
              </li>
              <li>
                <a {...pageLink('/reviews', 'footer')}>Reviews from families</a>
              </li>
            </ul>
          </div>
          <div>
            <h2>Contact</h2>
            <ul>
              <li>
                <a {...telLink(site.phone.e164, 'footer')}>
                  <Icon name="phone" size={18} /> {site.phone.display}
                </a>
              </li>
              <li>
                <a {...mailtoLink(site.email, 'footer')}>
                  <Icon name="mail" size={18} /> {site.email}
                </a>
              </li>
              {offices.map((office) => (
                <li key={office.address} className="address">
                  <Icon name="building-2" size={18} />{' '}
                  <span>
                    {offices.length > 1 ? `${office.name}: ` : ''}
                    {office.address}
                  </span>
                </li>
              ))}
              <li>{site.claims.replyPromise}</li>
            </ul>
          </div>
        </div>
        <div css={legalStyle}>
          <p>
            &copy; {year} {site.legalLine}
          </p>
          <p>
            Connecticut registration {site.registration.number} &middot; <strong>{site.registration.label}</strong>
          </p>
          <p>
            <a {...pageLink('/privacy', 'footer')}>Privacy notice</a>
          </p>
        </div>
      </Container>
    </footer>
  );
}

const footerStyle = css`
  margin-top: 4rem; padding: 3rem 0 1.5rem; background: ${color.brandDark}; color: #e8f2f0;
  a { color: ${color.white}; display: inline-flex; align-items: center; gap: 0.4rem; min-height: ${layout.tap}; }
  a:hover { color: #cfe9e5; }
  h2 { font-size: 1.15rem; color: ${color.white}; margin-bottom: 0.5rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { margin: 0.15rem 0; }
  .address { display: flex; gap: 0.4rem; align-items: flex-start; padding: 0.6rem 0; }
  .address svg { flex: none; margin-top: 0.2rem; }
  .brand { font-family: ${font.heading}; font-size: 1.4rem; font-weight: 600; color: ${color.white}; }
  & :focus-visible { outline-color: ${color.focusOnDark}; }
`;

const columnsStyle = css`
  display: grid; gap: 2rem;
  ${mq.tablet} { grid-template-columns: repeat(2, 1fr); }
  ${mq.desktop} { grid-template-columns: 1.3fr repeat(3, 1fr); }
`;

const legalStyle = css`
  margin-top: 2.5rem; padding-top: 1.25rem; border-top: 1px solid rgb(255 255 255 / 0.25);
  font-size: 1rem; display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; justify-content: space-between;
  p { margin: 0; }
`;
