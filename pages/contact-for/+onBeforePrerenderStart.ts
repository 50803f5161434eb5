import { getContent } from '../../src/content/getContent.ts';
import { contactForPath } from '../../src/routes.ts';

/** One prerendered contact page per service file, with that service ticked. */
export async function onBeforePrerenderStart() {
  const { services } = await getContent();
  return services.map(contactForPath);
}
