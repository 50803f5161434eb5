/**
 * The header and footer are rendered once and spliced into each page (renderer/chromeParts.tsx): a page made that
 * way is byte for byte the page rendered whole, its Emotion styles in the same order, even where a part and the
 * page share styles or the page writes a <template> of its own.
 */
import { css, Global } from '@emotion/react';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { emotionCache, PageParts } from '../../renderer/chromeParts.tsx';
import type { Content } from '../../src/content/content.ts';

const base = css`body { margin: 0; }`;
const shared = css`color: darkslategray;`;
const headerOnly = css`margin: 1px;`;
const mainOnly = css`padding: 2px;`;
const footerOnly = css`border: 0;`;

let headerRenders = 0;
function Header({ current }: { current: string }) {
  headerRenders += 1;
  return (
    <header css={[shared, headerOnly]}>
      <a css={shared} aria-current={current === '/a' ? 'page' : undefined} href="/a">
        A
      </a>
    </header>
  );
}
const Footer = () => (
  <footer css={shared}>
    <p css={footerOnly}>Footer</p>
  </footer>
);
// The page uses the footer's style before the footer does, and writes a <template> like a placeholder.
const Main = ({ text }: { text: string }) => (
  <main css={mainOnly}>
    <p css={footerOnly}>{text}</p>
    <template data-part="1" />
  </main>
);

function page(cache: ReturnType<typeof emotionCache>, header: ReactNode, main: ReactNode, footer: ReactNode) {
  return renderToString(
    <CacheProvider value={cache}>
      <Global styles={base} />
      {header}
      {main}
      {footer}
    </CacheProvider>,
  );
}

const styled = (cache: ReturnType<typeof emotionCache>, html: string) => {
  const emotion = createEmotionServer(cache);
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
};

function whole(current: string, text: string) {
  const cache = emotionCache();
  return styled(cache, page(cache, <Header current={current} />, <Main text={text} />, <Footer />));
}

const content = { images: {} } as unknown as Content;
function spliced(current: string, text: string) {
  const cache = emotionCache();
  const parts = new PageParts(content, cache);
  const header = parts.place(`header ${current}`, () => <Header current={current} />);
  const footer = parts.place('footer', () => <Footer />);
  return styled(cache, parts.splice(page(cache, header, <Main text={text} />, footer)));
}

test('a page with its header and footer spliced in is the page rendered whole, styles and all', () => {
  for (const [current, text] of [['/a', 'first'], ['/b', 'second'], ['/a', 'third']] as const) {
    const expected = whole(current, text);
    expect(expected.styles).toContain('border:0');
    expect(spliced(current, text)).toEqual(expected);
  }
});

test('each part is rendered once per key, whatever the number of pages', () => {
  headerRenders = 0;
  for (const text of ['one', 'two', 'three']) spliced('/c', text);
  expect(headerRenders).toBe(1);
});
