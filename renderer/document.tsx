/**
 * A page's whole HTML document: React on the server, Emotion's styles collected into the head. A plain string,
 * so that the prerender can call it without Vike's renderPage (see DocumentContext).
 */
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { analyticsScriptSrc } from '../src/analytics/script.ts';
import { ImagesProvider } from '../src/components/ContentImage.tsx';
import { SiteFooter } from '../src/components/SiteFooter.tsx';
import { headerPlace, SiteHeader } from '../src/components/SiteHeader.tsx';
import { type Content } from '../src/content/content.ts';
import { getContent } from '../src/content/getContent.ts';
import { siteOrigin } from '../src/env.ts';
import { fontFaceCss, fontPreloads } from '../src/fonts.ts';
import { formScriptSrc } from '../src/forms/formScript.ts';
import { buildHead, escapeHtml } from '../src/seo/head.ts';
import { emotionCache, PageParts } from './chromeParts.tsx';
import { Layout } from './Layout.tsx';
import { chromeFrom } from '../src/chrome.ts';
import { notFoundMeta } from './pageData.ts';
import type { DocumentContext } from './types.ts';

export async function documentHtml(pageContext: DocumentContext): Promise<string> {
  const content = await getContent();
  const { Page } = pageContext;
  const data = pageContext.data;
  const meta = data?.meta ?? notFoundMeta(pageContext.urlPathname);

  const head = buildHead(meta, content.site, siteOrigin(content.site.siteUrl));
  // A page whose Page exists only in the browser (/admin) gets an empty shell for its client app to fill.
  const { html, styles } = Page ? renderPage(Page, data, content, meta.path) : { html: '<div id="app-root"></div>', styles: '' };
  // The one script a public page may load: the form script, and only where a form is (decision 1).
  const formScript = data?.enhanceForm ? `<script type="module" src="${escapeHtml(formScriptSrc())}"></script>` : '';
  // A page with a form sends its whole address (campaign tags included) with a post to the form's function on
  // another origin, where the site's Referrer-Policy (strict-origin-when-cross-origin, src/security/headers.ts)
  // would send the origin alone: with JavaScript off, that address is all the function learns of where the
  // visitor came from (supabase/functions/_shared/leadOrigin.ts). Never to a plain-http site from an https page.
  const referrerPolicy = data?.enhanceForm ? '<meta name="referrer" content="no-referrer-when-downgrade">' : '';
  // With an analytics key (DESIGN 7), every public page also loads the analytics boot script; /admin starts its own.
  const analyticsSrc = Page ? analyticsScriptSrc() : undefined;
  const analyticsScript = analyticsSrc ? `
    <script type="module" src="${escapeHtml(analyticsSrc)}"></script>` : '';

  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0d5c57">${referrerPolicy}
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="apple-touch-icon" href="/apple-touch-icon.png">
    ${fontPreloads()}
    ${head}
    <style>${fontFaceCss()}</style>
    ${styles}
    ${formScript}${analyticsScript}
  </head>
  <body>${html}</body>
</html>`;
}

/** React on the server, with Emotion's styles collected from a cache made for this render. */
function renderPage(Page: NonNullable<DocumentContext['Page']>, data: DocumentContext['data'], content: Content, path: string) {
  const cache = emotionCache();
  const emotion = createEmotionServer(cache);
  const chrome = chromeFrom(content);
  const place = headerPlace(chrome, path);
  const parts = new PageParts(content, cache);
  // Keyed by the whole place: all the header is given besides the content.
  const header = parts.place(`header ${JSON.stringify(place)}`, () => <SiteHeader chrome={chrome} place={place} />);
  const main = <Page {...(data ?? {})} />;
  const footer = parts.place('footer', () => <SiteFooter chrome={chrome} />);
  const html = parts.splice(
    renderToString(
      <CacheProvider value={cache}>
        <ImagesProvider value={content.images}>
          <Layout header={header} footer={footer}>
            {main}
          </Layout>
        </ImagesProvider>
      </CacheProvider>,
    ),
  );
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
