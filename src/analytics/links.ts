/**
 * The tracked links of the HTML-only pages, written at build time: each gives a link's `href` with the
 * `data-track` attributes of its event (markup.ts), for spreading on an `<a>` or a `ButtonLink`:
 *
 *   <a {...telLink(site.phone.e164, 'footer')}>  → phone_call_clicked { source: 'footer', phone_number }
 *
 * Sources are short, stable names of where on the page a link is (`header`, `footer`, `hero`, `service_cta` …):
 * they are what the agency filters by in its analytics, so rename one only knowing that.
 */
import { trackAttributes } from './markup.ts';

/** A `tel:` link; the number it dials goes with the event. */
export const telLink = (e164: string, source: string) => ({ href: `tel:${e164}`, ...trackAttributes('phone_call_clicked', { source, phone_number: e164 }) });

export const mailtoLink = (email: string, source: string) => ({ href: `mailto:${email}`, ...trackAttributes('email_clicked', { source }) });

/** A link to a service page ("/personal-care"): its `service_type` is the service's slug. */
export const serviceLink = (path: string, source: string) => ({
  href: path,
  ...trackAttributes('service_navigation_clicked', { service_type: path.replace(/^\//, ''), source }),
});

/** A link to another page of the site. */
export const pageLink = (destination: string, source: string) => ({ href: destination, ...trackAttributes('navigation_clicked', { destination, source }) });

/** A link or button that leads to the contact form (/contact, or the page's own #contact section). */
export const contactLink = (href: string, source: string) => ({ href, ...trackAttributes('contact_form_clicked', { source }) });

export const allServicesLink = () => ({ href: '/all-services', ...trackAttributes('view_all_services_clicked') });
