/** Head values of a fixed page: its copy's meta block plus its path and any structured data. */
import type { PageMeta } from './seo/head.ts';

export function fixedPageMeta(copy: { title: string; description: string; keywords: string[] }, path: string, jsonLd?: object[]): PageMeta {
  return { ...copy, path, ...(jsonLd ? { jsonLd } : {}) };
}
