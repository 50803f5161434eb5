/**
 * What a phone downloads to show each public page: the bytes on the wire (compressed as scripts/live/siteServer.ts sends
 * them) of the HTML, its fonts, its pictures and any script, for a first visit with an empty cache, in chromium
 * at 375 x 740 CSS px and a device pixel ratio of 2 (so a photo's srcset picks what a phone would).
 * Pictures below the fold load lazily and are not counted until the visitor scrolls to them.
 */
import { chromium } from '@playwright/test';
import { createStaticServer } from '../live/siteServer.ts';
import { chromiumLaunchOptions } from '../harness/chromium.ts';

export interface PageTransfer {
  path: string;
  bytes: number;
  /** Bytes by kind: document, font, image, script, other. */
  kinds: Record<string, number>;
}

export async function measureTransfer(client: string, paths: readonly string[]): Promise<PageTransfer[]> {
  const server = createStaticServer(client, () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: PageTransfer[] = [];
  try {
    for (const pagePath of paths) {
      // A new context per page: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const sizes: Array<Promise<[string, number]>> = [];
      page.on('requestfinished', (request) => {
        sizes.push(request.sizes().then((size) => [request.resourceType(), size.responseBodySize + size.responseHeadersSize]));
      });
      await page.goto(`http://127.0.0.1:${port}${pagePath}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForLoadState('networkidle');
      const kinds: Record<string, number> = {};
      for (const [kind, bytes] of await Promise.all(sizes)) {
        const key = ['document', 'font', 'image', 'script'].includes(kind) ? kind : 'other';
        kinds[key] = (kinds[key] ?? 0) + bytes;
      }
      results.push({ path: pagePath, bytes: Object.values(kinds).reduce((a, b) => a + b, 0), kinds });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return results;
}
