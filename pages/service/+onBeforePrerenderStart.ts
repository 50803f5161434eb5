import { getContent } from '../../src/content/getContent.ts';

/** One prerendered page per service file. */
export async function onBeforePrerenderStart() {
  const { services } = await getContent();
  return services.map((service) => service.canonicalPath);
}
