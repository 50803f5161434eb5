import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { getContent } from '../../src/content/getContent.ts';
import { serviceBySlug } from '../../src/content/listings.ts';
import { contactForPath } from '../../src/routes.ts';
import { contactData } from '../contact/contactData.ts';

/**
 * /contact/for/<service>: the contact page, its form with that service ticked (and the folded list of services
 * open, so the tick shows). Kept out of search engines; the form still says it was sent from /contact.
 */
export async function data(pageContext: RouteContext) {
  const content = await getContent();
  const service = serviceBySlug(content, pageContext.routeParams.slug!);
  if (!service) throw render(404);
  const page = contactData(content, [service.slug]);
  return { ...page, meta: { ...page.meta, path: contactForPath(service), noindex: true } };
}

export type Data = Awaited<ReturnType<typeof data>>;
