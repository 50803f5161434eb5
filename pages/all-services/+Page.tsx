// /all-services: every directory entry, grouped by category; each entry's link names its service.
import { css } from '@emotion/react';
import { serviceLink } from '../../src/analytics/links.ts';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { Container } from '../../src/components/Container.tsx';
import { Icon } from '../../src/components/Icon.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { color, layout, mq } from '../../src/theme.ts';
import type { Data } from './+data.ts';

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * Most categories hold one or two services, so each is a compact panel (its name, a line about it, its
 * services as a list), and the panels flow down newspaper columns: no row is a lone card beside empty space.
 * Below desktop width the jump links fold into a "Jump to a category" disclosure (no script: details[open] + nav).
 */
export default function Page({ copy, groups, phone }: Data) {
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} image={copy.hero.image}>
        <details css={jumpToggleStyle}>
          <summary>
            <Icon name="list" size={20} />
            Jump to a category
            <Icon name="chevron-down" size={20} className="chevron" />
          </summary>
        </details>
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
        <div css={columnsStyle}>
          {groups.map((group) => (
            <section key={group.name} id={slugOf(group.name)} aria-labelledby={`${slugOf(group.name)}-heading`} css={groupStyle}>
              <h2 id={`${slugOf(group.name)}-heading`}>{group.name}</h2>
              <p className="intro">{group.description}</p>
              <ul>
                {group.entries.map((entry) => (
                  <li key={entry.href}>
                    <span className="icon">
                      <Icon name={entry.icon} size={24} />
                    </span>
                    <div>
                      <h3>
                        <a {...serviceLink(entry.href, 'directory')}>{entry.title}</a>
                      </h3>
                      <p>{entry.description}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Container>
      <CallToAction heading={copy.callToAction.heading} intro={copy.callToAction.intro} phone={phone} />
    </>
  );
}

const jumpToggleStyle = css`
  margin: 1.5rem 0 0;
  summary {
    display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; padding: 0.4rem 1.1rem;
    border: 2px solid ${color.line}; border-radius: 999px; background: ${color.white}; color: ${color.brandDark};
    font-weight: 700; cursor: pointer; list-style: none;
  }
  summary::-webkit-details-marker { display: none; }
  summary:hover { border-color: ${color.brand}; }
  .chevron { transition: transform 0.15s; }
  &[open] summary { background: ${color.brandTint}; border-color: ${color.brand}; }
  &[open] .chevron { transform: rotate(180deg); }
  /* On a desktop the links are always shown, and there is nothing to open. */
  ${mq.desktop} { display: none; }
`;

const jumpStyle = css`
  display: none;
  details[open] + & { display: block; }
  ${mq.desktop} { display: block; }
  ul { list-style: none; margin: 1rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
  ${mq.desktop} { ul { margin-top: 1.5rem; } }
  a {
    display: inline-flex; align-items: center; min-height: ${layout.tap}; padding: 0.3rem 0.9rem; border-radius: 999px;
    background: ${color.white}; border: 1px solid ${color.line}; font-size: 1rem; font-weight: 600; text-decoration: none; color: ${color.brandDark};
  }
  a:hover { border-color: ${color.brand}; }
`;

/** Panels down newspaper columns (3 on a desktop, 2 on a tablet), each kept whole. */
const columnsStyle = css`
  margin-top: clamp(1.5rem, 4vw, 2.5rem);
  ${mq.tablet} { columns: 2; column-gap: 1.25rem; }
  ${mq.desktop} { columns: 3; }
`;

const groupStyle = css`
  break-inside: avoid; margin: 0 0 1.25rem; padding: 1.5rem 1.25rem 1rem;
  background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  box-shadow: 0 4px 14px rgb(29 42 51 / 0.05);
  /* A lone panel in a column must not start with a gap (a column's first box keeps its top margin otherwise). */
  display: flow-root;
  h2 { font-size: 1.45rem; margin: 0 0 0.35rem 0.25rem; }
  .intro { color: ${color.muted}; font-size: 1rem; margin: 0 0 0.75rem 0.25rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.25rem; }
  li {
    position: relative; display: grid; grid-template-columns: 2.75rem minmax(0, 1fr); gap: 0.85rem; align-items: start;
    padding: 0.75rem 0.5rem; border-top: 1px solid ${color.line};
  }
  li:hover { background: ${color.brandTint}; }
  li:focus-within { outline: 3px solid ${color.focus}; outline-offset: 0; }
  .icon { display: grid; place-items: center; width: 2.75rem; height: 2.75rem; border-radius: 12px; background: ${color.brandTint}; color: ${color.brand}; }
  h3 { font-size: 1.15rem; margin: 0.1rem 0 0.2rem; text-wrap: pretty; }
  h3 a { color: ${color.brandDark}; text-decoration-thickness: 1px; }
  /* The whole entry is the link's target area; the link text is the service name. */
  h3 a::after { content: ''; position: absolute; inset: 0; }
  h3 a:focus-visible { outline: none; }
  p { margin: 0; color: ${color.muted}; font-size: 1rem; line-height: 1.55; }
`;
