import { getContent } from '../../src/content/loader.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages['careers-not-sent'];
  return {
    meta: { ...copy.meta, keywords: [], path: '/careers/not-sent', noindex: true },
    copy,
    phone: content.site.phone,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
