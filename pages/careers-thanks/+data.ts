import { getContent } from '../../src/content/loader.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages['careers-thanks'];
  return {
    meta: { ...copy.meta, keywords: [], path: '/careers/thanks', noindex: true },
    copy,
    phone: content.site.phone,
    replyPromise: content.site.claims.replyPromise,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
