import { notSentPageData } from '../../src/forms/resultPages.ts';

export const data = () => notSentPageData('contact-not-sent', '/contact/not-sent', '/contact');
