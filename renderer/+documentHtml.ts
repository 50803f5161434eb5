// A custom config (declared in +config.ts): the function that renders a page's whole HTML document, for the
// prerender (scripts/generator/prerender.ts) to call as pageContext.config.documentHtml.
export { documentHtml as default } from './document.tsx';
