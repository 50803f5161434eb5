// What every page's layout needs from the content: the header and the footer (SiteHeader, SiteFooter), made once
// per loaded content by the renderer (renderer/document.tsx).
import type { Content } from './content/content.ts';
import { navItems, servicesIn } from './content/listings.ts';
import { officeAddressLine, visitableOffices } from './content/trust/trust.ts';

function chromeOf(content: Content) {
  return {
    site: content.site,
    menu: navItems(servicesIn(content, 'dropdown')),
    footer: navItems(servicesIn(content, 'footer')),
    // The offices families may visit, by name and address (content/offices/): the footer's contact column.
    offices: visitableOffices(content).map((office) => ({ name: office.name, address: officeAddressLine(office) })),
  };
}

export type Chrome = ReturnType<typeof chromeOf>;

const chromes = new WeakMap<Content, Chrome>();

/** The same for every page: made once per loaded content. */
export function chromeFrom(content: Content): Chrome {
  let chrome = chromes.get(content);
  if (!chrome) chromes.set(content, (chrome = chromeOf(content)));
  return chrome;
}
