/** The services as an Astro content collection: every content/services/*.yaml and *.mdx through a glob loader. */
import { existsSync } from 'node:fs';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { ICON_NAMES } from './icons.ts';
import { serviceSchema } from './serviceSchema.ts';

/** The files of content/services that are pages (astroYardstick.ts lists the pages it expects with the same pattern). */
export const SERVICE_FILES = '*.{yaml,mdx}';

export const collections = {
  services: defineCollection({
    loader: glob({ pattern: SERVICE_FILES, base: './content/services' }),
    schema: serviceSchema({ iconNames: ICON_NAMES, imageExists: (src) => existsSync(`content/images/${src}`) }),
  }),
};
