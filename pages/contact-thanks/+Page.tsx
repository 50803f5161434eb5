// The thank-you page (src/components/ThanksPage.tsx).
export { ThanksPage as default } from '../../src/components/ThanksPage.tsx';
