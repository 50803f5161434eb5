import { getContent } from '../../src/content/getContent.ts';
import { contactData } from './contactData.ts';

export async function data() {
  return contactData(await getContent());
}

export type Data = ReturnType<typeof contactData>;
