// The home page: hero, the 8-service grid, about, and the contact section.
import { css } from '@emotion/react';
import { ButtonLink } from '../../src/components/Button.tsx';
import { CheckList } from '../../src/components/CheckList.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { ServiceGrid } from '../../src/components/ServiceGrid.tsx';
import { color, layout } from '../../src/theme.ts';
import type { Data } from './+data.ts';

export default function Page({ site, services }: Data) {
  const claims = [site.claims.backgroundChecked, site.claims.licensedInsured, site.claims.careHours, site.claims.coverage];
  return (
    <>
      <section css={heroStyle} aria-labelledby="home-title">
        <Container>
          <h1 id="home-title">Care that feels like family</h1>
          <p className="lead">
            Kind, dependable help at home for the people you love: companionship, meals, housekeeping, personal care and rides,
            anywhere in Connecticut.
          </p>
          <div className="actions">
            <ButtonLink href="#contact">Request Information</ButtonLink>
            <ButtonLink href="#services" variant="secondary">
              See our services
            </ButtonLink>
          </div>
          <CheckList items={claims} layout="inline" label="Why families trust us" />
        </Container>
      </section>
      <section id="services" aria-labelledby="services-title" css={sectionStyle}>
        <Container>
          <h2 id="services-title">Our Services</h2>
          <ServiceGrid services={services} />
          <p className="more">
            <a href="/all-services">See all of our services</a>
          </p>
        </Container>
      </section>
      <section id="contact" aria-labelledby="contact-title" css={[sectionStyle, contactStyle]}>
        <Container>
          <h2 id="contact-title">Talk with us today</h2>
          <p>{site.claims.consultation}. {site.claims.replyPromise}.</p>
          <p>
            <a href={`tel:${site.phone.e164}`} className="big">
              <Icon name="phone" /> {site.phone.display}
            </a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
        </Container>
      </section>
    </>
  );
}

const heroStyle = css`
  padding: clamp(3rem, 9vw, 6rem) 0;
  background: radial-gradient(circle at 90% 0, #fbe3cf 0, transparent 50%), linear-gradient(180deg, ${color.brandTint}, ${color.paper});
  .lead { font-size: clamp(1.2rem, 2.5vw, 1.4rem); color: ${color.muted}; max-width: 40rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.5rem 0; }
`;

const sectionStyle = css`
  padding: clamp(3rem, 7vw, 5rem) 0;
  .more { margin-top: 1.5rem; font-weight: 650; }
`;

const contactStyle = css`
  background: ${color.sand};
  .big { display: inline-flex; align-items: center; gap: 0.5rem; font-size: 1.6rem; font-weight: 700; min-height: ${layout.tap}; }
`;
