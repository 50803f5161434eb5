/**
 * The tracked links of the HTML-only pages, written at build time: each gives a link's `href` with the
 * `data-track` attributes of its event (markup.ts), for spreading on an `<a>` or a `ButtonLink`:
 *
 *   <a {...telLink(site.phone.e164, 'footer')}>  → phone_call_clicked { source: 'footer', phone_number }
 *
 * Sources are short, stable names of where on the page a link is (`header`, `footer`, `hero`, `service_cta` …):
 * they are what the agency filters by in its analytics, so rename one only knowing that.
 */
import { trackAttributes, type DeclarableEvent, type DeclareArgs } from './markup.ts';

/**
 * `trackAttributes` when the site is built with VITE_POSTHOG_KEY; nothing without it: no script would read the
 * attributes, and the pages stay byte for byte what they are without analytics.
 */
export function declared<E extends DeclarableEvent>(event: E, ...properties: DeclareArgs<E>): Record<string, string> {
  return import.meta.env.VITE_POSTHOG_KEY?.trim() ? trackAttributes(event, ...properties) : {};
}

/** A `tel:` link; the number it dials goes with the event. */
export const telLink = (e164: string, source: string) => ({ href: `tel:${e164}`, ...declared('phone_call_clicked', { source, phone_number: e164 }) });

export const mailtoLink = (email: string, source: string) => ({ href: `mailto:${email}`, ...declared('email_clicked', { source }) });

/** A link to a service page ("/personal-care"): its `service_type` is the service's slug. */
export const serviceLink = (path: string, source: string) => ({
  href: path,
  ...declared('service_navigation_clicked', { service_type: path.replace(/^\//, ''), source }),
});

/** A link to another page of the site. */
export const pageLink = (destination: string, source: string) => ({ href: destination, ...declared('navigation_clicked', { destination, source }) });

/** A link or button that leads to the contact form (/contact, or the page's own #contact section). */
export const contactLink = (href: string, source: string) => ({ href, ...declared('contact_form_clicked', { source }) });

export const allServicesLink = () => ({ href: '/all-services', ...declared('view_all_services_clicked') });
