// /all-services: every directory entry, grouped by category; each card's link names its service.
import { css } from '@emotion/react';
import { serviceLink } from '../../src/analytics/links.ts';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { Container } from '../../src/components/Container.tsx';
import { gridList } from '../../src/components/gridList.ts';
import { Icon } from '../../src/components/Icon.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { color, layout } from '../../src/theme.ts';
import type { Data } from './+data.ts';

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export default function Page({ copy, groups, phone }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <nav aria-label="Categories" css={jumpStyle}>
          <ul>
            {groups.map((group) => (
              <li key={group.name}>
                <a href={`#${slugOf(group.name)}`}>{group.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      <Container>
        {groups.map((group) => (
          <section key={group.name} id={slugOf(group.name)} aria-labelledby={`${slugOf(group.name)}-heading`} css={groupStyle}>
            <h2 id={`${slugOf(group.name)}-heading`}>{group.name}</h2>
            <p className="intro">{group.description}</p>
            <ul css={gridList(3)}>
              {group.entries.map((entry) => (
                <li key={entry.href} css={cardStyle}>
                  <span className="icon">
                    <Icon name={entry.icon} size={26} />
                  </span>
                  <h3>
                    <a {...serviceLink(entry.href, 'directory')}>{entry.title}</a>
                  </h3>
                  <p>{entry.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Container>
      <CallToAction heading={copy.callToAction.heading} intro={copy.callToAction.intro} phone={phone} />
    </>
  );
}

const jumpStyle = css`
  ul { list-style: none; margin: 1.5rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
  a {
    display: inline-flex; align-items: center; min-height: ${layout.tap}; padding: 0.4rem 1rem; border-radius: 999px;
    background: ${color.white}; border: 1px solid ${color.line}; font-weight: 600; text-decoration: none; color: ${color.brandDark};
  }
  a:hover { border-color: ${color.brand}; }
`;

const groupStyle = css`
  padding-top: clamp(2.5rem, 6vw, 3.5rem);
  .intro { color: ${color.muted}; max-width: 46rem; }
`;

const cardStyle = css`
  position: relative; padding: 1.5rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  .icon { display: inline-grid; place-items: center; width: 3rem; height: 3rem; border-radius: 14px; background: ${color.brandTint}; color: ${color.brand}; margin-bottom: 0.75rem; }
  h3 { font-size: 1.2rem; }
  h3 a { color: ${color.brandDark}; }
  /* The whole card is the link's target area; the link text is the service name. */
  h3 a::after { content: ''; position: absolute; inset: 0; border-radius: ${layout.radius}; }
  &:hover { border-color: ${color.brand}; }
  &:focus-within { outline: 3px solid ${color.focus}; outline-offset: 3px; }
  p { margin: 0; color: ${color.muted}; }
`;
