/**
 * The header of every public page. No JavaScript: the Services menu opens on hover and on keyboard focus
 * (CSS :hover / :focus-within), and on phones the whole menu is a native <details> disclosure.
 */
import { css } from '@emotion/react';
import type { Chrome } from '../chrome.ts';
import { allServicesLink, declared, pageLink, serviceLink, telLink } from '../analytics/links.ts';
import { CONTACT_SECTION_PATHS } from '../routes.ts';
import { color, font, layout } from '../theme.ts';
import { Container } from './Container.tsx';
import { Icon } from './Icon.tsx';

const links = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services', menu: true },
  { href: '/locations', label: 'Locations' },
  { href: '/about', label: 'About' },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
];

/**
 * All the header shows of the page it is on: the menu entry that is the page (marked as current), and whether
 * the page has a contact section of its own. The header is given this, not the page's address, so that every
 * page with the same place shows the same header (renderer/chromeParts.tsx renders it once for them all).
 */
export interface HeaderPlace {
  current: string | undefined;
  contactSection: boolean;
}

export function headerPlace(chrome: Chrome, path: string): HeaderPlace {
  const listed = links.some((link) => link.href === path) || chrome.menu.some((item) => item.href === path);
  return { current: listed ? path : undefined, contactSection: CONTACT_SECTION_PATHS.includes(path) };
}

export function SiteHeader({ chrome, place }: { chrome: Chrome; place: HeaderPlace }) {
  const { site, menu } = chrome;
  // Get Started scrolls to the page's own contact section where it has one.
  const getStartedHref = place.contactSection ? '#contact' : '/contact';
  return (
    <header css={headerStyle}>
      <Container wide>
        <div css={barStyle}>
          <a {...pageLink('/', 'header')} css={brandStyle}>
            <Icon name="house-heart" size={30} />
            <span>{site.name}</span>
          </a>
          {/* On phones this disclosure shows and hides the <nav> that follows it (CSS: details[open] + nav). */}
          <details css={menuToggleStyle}>
            <summary>
              <Icon name="menu" />
              <span>Menu</span>
            </summary>
          </details>
          <nav aria-label="Main" css={navStyle}>
              <ul>
                {links.map((link) => (
                  <li key={link.href} className={link.menu ? 'has-menu' : undefined}>
                    <a {...pageLink(link.href, 'header')} aria-current={link.href === place.current ? 'page' : undefined}>
                      {link.label}
                    </a>
                    {link.menu ? (
                      // A tap (or Enter) on the chevron opens the menu for touch screens; hover and focus open it too.
                      <details className="menu-toggle">
                        <summary aria-label="Show popular services">
                          <Icon name="chevron-down" size={18} />
                        </summary>
                      </details>
                    ) : null}
                    {link.menu ? (
                      <ul className="submenu" aria-label="Popular services">
                        {menu.map((item) => (
                          <li key={item.href}>
                            <a {...serviceLink(item.href, 'header_menu')} aria-current={item.href === place.current ? 'page' : undefined}>
                              <Icon name={item.icon} size={20} />
                              {item.title}
                            </a>
                          </li>
                        ))}
                        <li>
                          <a {...allServicesLink()} className="all">
                            All services
                          </a>
                        </li>
                      </ul>
                    ) : null}
                  </li>
                ))}
            </ul>
          </nav>
          <div css={actionsStyle}>
            <a {...telLink(site.phone.e164, 'header')} className="phone">
              <Icon name="phone" size={20} />
              <span className="visually-hidden">Call us at </span>
              {site.phone.display}
            </a>
            <a href={getStartedHref} className="start" {...declared('get_started_clicked')}>
              Get Started
            </a>
          </div>
        </div>
      </Container>
    </header>
  );
}

/**
 * Three layouts, each one deliberate row (or two on a phone), never a wrapped leftover:
 *   - wide (80rem up): the name, the full menu, the phone and Get Started;
 *   - tablet (48rem to 80rem): the name, then Menu, the phone and Get Started together on the right;
 *   - phone: the name and Menu, then the phone and Get Started edge to edge under them.
 * The full menu needs about 1,100 px; the tablet row about 700 px, so it holds from 768 px with room for the
 * name to fold onto two lines (its column shrinks) rather than push anything off the row.
 * A grid places them, so the source order (name, Menu, menu, actions) stays the reading and tab order.
 */
const tablet = '@media (min-width: 48rem)';
const wide = '@media (min-width: 80rem)';

const headerStyle = css`
  position: sticky; top: 0; z-index: 50; background: ${color.white};
  border-bottom: 1px solid ${color.line}; box-shadow: 0 2px 10px rgb(29 42 51 / 0.05);
`;

const barStyle = css`
  display: grid; align-items: center; column-gap: 0.5rem; min-height: 4.5rem; padding: 0.4rem 0;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: 'brand menu' 'nav nav' 'actions actions';
  ${tablet} {
    grid-template-columns: minmax(0, 1fr) auto auto;
    grid-template-areas: 'brand menu actions' 'nav nav nav';
  }
  ${wide} {
    column-gap: 0.75rem;
    grid-template-columns: auto minmax(0, 1fr) auto;
    grid-template-areas: 'brand nav actions';
  }
`;

const brandStyle = css`
  grid-area: brand; justify-self: start; min-width: 0;
  display: inline-flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap};
  font-family: ${font.heading}; font-size: 1.25rem; font-weight: 600; line-height: 1.15; color: ${color.brandDark}; text-decoration: none;
  svg { color: ${color.accent}; flex: none; }
  span { min-width: 0; text-wrap: balance; }
  @media (max-width: 24rem) { font-size: 1.1rem; }
`;

const menuToggleStyle = css`
  grid-area: menu; justify-self: end;
  summary {
    display: inline-flex; align-items: center; gap: 0.4rem; min-height: ${layout.tap}; padding: 0 0.8rem;
    border: 2px solid ${color.brand}; border-radius: 999px; cursor: pointer; font-weight: 600; list-style: none;
  }
  summary::-webkit-details-marker { display: none; }
  &[open] summary { background: ${color.brandTint}; }
  @media (max-width: 25rem) { summary { padding: 0 0.65rem; } }
  ${wide} { display: none; }
`;

const navStyle = css`
  grid-area: nav; display: none;
  details[open] + & { display: block; }
  ul { list-style: none; margin: 0; padding: 0; }
  & > ul { display: grid; gap: 0.25rem; padding: 0.75rem 0 1rem; }
  a {
    display: flex; align-items: center; gap: 0.5rem; min-height: ${layout.tap}; padding: 0.5rem 0.75rem;
    border-radius: 10px; color: ${color.ink}; font-weight: 600; text-decoration: none;
  }
  a:hover { background: ${color.brandTint}; color: ${color.brandDark}; }
  a[aria-current='page'] { color: ${color.brand}; text-decoration: underline; text-decoration-thickness: 2px; }
  .submenu { padding-left: 1rem; }
  .submenu a { font-weight: 500; }
  .submenu svg { color: ${color.brand}; }
  .submenu .all { color: ${color.brand}; text-decoration: underline; }
  .menu-toggle { display: none; }
  ${tablet} {
    /* The open menu in two columns under the row: the pages, then the popular services. */
    & > ul { grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: 1.5rem; }
    .has-menu { grid-row: span 6; }
  }
  ${wide} {
    /* Always shown on wide screens, whatever the disclosure's state. */
    display: block; justify-self: end;
    & > ul { display: flex; gap: 0.1rem; padding: 0; }
    .has-menu { grid-row: auto; }
    & > ul > li > a { padding: 0.5rem 0.5rem; font-size: 1.0625rem; }
    .has-menu { position: relative; display: flex; align-items: center; }
    .has-menu > a { padding-right: 0.15rem; }
    .menu-toggle { display: block; }
    .menu-toggle summary {
      display: grid; place-items: center; width: 2.25rem; min-height: ${layout.tap}; border-radius: 10px;
      cursor: pointer; list-style: none;
    }
    .menu-toggle summary::-webkit-details-marker { display: none; }
    .menu-toggle summary:hover { background: ${color.brandTint}; }
    .menu-toggle svg { transition: transform 0.15s; }
    .submenu {
      position: absolute; top: 100%; left: 0; min-width: 17rem; padding: 0.5rem; display: none;
      background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
      box-shadow: 0 12px 32px rgb(29 42 51 / 0.14);
    }
    .has-menu:hover .submenu, .has-menu:focus-within .submenu, .menu-toggle[open] + .submenu { display: block; }
    .has-menu:hover .menu-toggle svg, .menu-toggle[open] svg { transform: rotate(180deg); }
  }
`;

const actionsStyle = css`
  grid-area: actions; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem;
  padding-bottom: 0.2rem;
  a {
    display: inline-flex; align-items: center; gap: 0.4rem; min-height: ${layout.tap}; padding: 0 1rem;
    border-radius: 999px; font-weight: 700; text-decoration: none; white-space: nowrap;
  }
  /* On a phone the number lines up with the name above it. */
  .phone { color: ${color.brandDark}; padding-left: 0; }
  .start { background: ${color.brand}; color: ${color.white}; }
  .start:hover { background: ${color.brandDark}; color: ${color.white}; }
  @media (max-width: 25rem) { a { padding: 0 0.6rem; } }
  /* Under 352 px the two do not fit side by side: Contact stays one tap away in the Menu. */
  @media (max-width: 22rem) { .start { display: none; } }
  ${tablet} {
    justify-content: flex-end; padding-bottom: 0;
    .phone { padding: 0 0.5rem; }
    .start { padding: 0 0.85rem; }
  }
  ${wide} { a { padding: 0 0.85rem; } }
`;
