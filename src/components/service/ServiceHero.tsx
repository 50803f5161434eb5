/** The top of a service page: icon, heading, introduction, Schedule Consultation and the key promises. */
import { css } from '@emotion/react';
import { declared } from '../../analytics/links.ts';
import type { Service } from '../../content/schemas/service.ts';
import type { Site } from '../../content/schemas/site.ts';
import { color } from '../../theme.ts';
import { ButtonLink } from '../Button.tsx';
import { CheckList } from '../CheckList.tsx';
import { Container } from '../Container.tsx';
import { Icon } from '../Icon.tsx';
import { heroBackground } from '../PageHero.tsx';

export function ServiceHero({ hero, claims }: { hero: Service['hero']; claims: Site['claims'] }) {
  return (
    <section css={heroStyle} aria-labelledby="service-title">
      <Container>
        <div css={innerStyle}>
          <span css={badgeStyle}>
            <Icon name={hero.icon} size={40} />
          </span>
          <h1 id="service-title">{hero.title}</h1>
          <p className="lead">{hero.description}</p>
          <div css={actionsStyle}>
            <ButtonLink href="/contact" {...declared('consultation_clicked')}>
              <Icon name="calendar-check" size={20} /> Schedule Consultation
            </ButtonLink>
          </div>
          <CheckList items={[claims.backgroundChecked, claims.licensedInsured, claims.consultation]} layout="inline" label="Our promises" />
        </div>
      </Container>
    </section>
  );
}

const heroStyle = css`
  padding: clamp(2.5rem, 7vw, 5rem) 0 clamp(2rem, 5vw, 3.5rem);
  ${heroBackground};
`;

const innerStyle = css`
  max-width: 46rem;
  .lead { font-size: clamp(1.15rem, 2.4vw, 1.3rem); color: ${color.muted}; }
`;

const badgeStyle = css`
  display: inline-grid; place-items: center; width: 4.5rem; height: 4.5rem; margin-bottom: 1rem;
  border-radius: 22px; background: ${color.white}; color: ${color.brand}; box-shadow: 0 8px 24px rgb(13 92 87 / 0.15);
`;

const actionsStyle = css`display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.5rem 0;`;
