import { notSentPageData } from '../../src/forms/resultPages.ts';

export const data = () => notSentPageData('careers-not-sent', '/careers/not-sent', '/careers');
