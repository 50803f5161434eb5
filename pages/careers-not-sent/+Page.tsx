// The not-sent page (src/components/NotSentPage.tsx).
export { NotSentPage as default } from '../../src/components/NotSentPage.tsx';
