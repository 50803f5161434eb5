import { thanksPageData } from '../../src/forms/resultPages.ts';

export const data = () => thanksPageData('careers-thanks', '/careers/thanks');
