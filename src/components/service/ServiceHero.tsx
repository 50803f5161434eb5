/**
 * The top of a service page: icon, heading, introduction, Schedule Consultation, the key promises, the picture.
 * The header of the page's <article>: its h1 (`service-title`) is the article's heading.
 */
import { css } from '@emotion/react';
import { declared } from '../../analytics/links.ts';
import type { Service } from '../../content/schemas/service.ts';
import type { Site } from '../../content/schemas/site.ts';
import { color } from '../../theme.ts';
import { ButtonLink } from '../Button.tsx';
import { CheckList } from '../CheckList.tsx';
import { Icon } from '../Icon.tsx';
import { PageHero } from '../PageHero.tsx';

/** @param contactHref the contact page with this service ticked (/contact/for/<slug>). */
export function ServiceHero({ hero, claims, contactHref }: { hero: Service['hero']; claims: Site['claims']; contactHref: string }) {
  const mark = (
    <span css={markStyle}>
      <Icon name={hero.icon} size={40} />
    </span>
  );
  return (
    <PageHero title={hero.title} lead={hero.description} mark={mark} image={hero.image} titleId="service-title" as="header">
      <div css={actionsStyle}>
        <ButtonLink href={contactHref} {...declared('consultation_clicked')}>
          <Icon name="calendar-check" size={20} /> Schedule Consultation
        </ButtonLink>
      </div>
      <CheckList items={[claims.backgroundChecked, claims.licensedInsured, claims.consultation]} layout="inline" label="Our promises" />
    </PageHero>
  );
}

const markStyle = css`
  display: inline-grid; place-items: center; width: 4.5rem; height: 4.5rem; margin-bottom: 1rem;
  border-radius: 22px; background: ${color.white}; color: ${color.brand}; box-shadow: 0 8px 24px rgb(13 92 87 / 0.15);
`;

const actionsStyle = css`display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1.5rem 0;`;
