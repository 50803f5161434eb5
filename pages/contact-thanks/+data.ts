import { thanksPageData } from '../../src/forms/resultPages.ts';

export const data = () => thanksPageData('contact-thanks', '/contact/thanks');
