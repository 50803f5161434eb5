/**
 * `npm run new:service -- <slug>`: writes content/services/<slug>.yaml with every field explained.
 * The empty values fail `npm run check` until they are filled in, so a half-written page cannot be published.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { slug as slugSchema } from '../src/content/schemas/common.ts';
import { RESERVED_SLUGS } from '../src/content/loader.ts';

export function serviceScaffold(slug: string): string {
  const card = (kind: string) => `  - icon: ""        # an icon from https://lucide.dev/icons, e.g. heart-handshake
    title: ""       # ${kind} heading, at most 60 characters
    description: "" # one or two sentences, at most 240 characters
    color: ""       # rose, amber, teal, sky, violet, emerald, indigo or orange`;
  return `# yaml-language-server: $schema=../../schemas/service.schema.json
# A new service page, shown at /${slug} (the file name is the address). Fill in every "" below, then run
# \`npm run check\`: it names any field still missing. Copy the tone of an existing page, e.g. meal-preparation.yaml.
# To show it on the home grid, in the header menu or in the footer, put "${slug}" in content/lists.yaml.

# The browser-tab and search-result title, without the agency name (it is added). At most 60 characters.
title: ""
# The search-result summary: 50 to 160 characters, different from every other page.
description: ""
# 3 to 12 short phrases people might search for.
keywords:
  - ""
# The kind of service, for search engines, e.g. "Companion care".
serviceType: ""

# The top of the page.
hero:
  icon: ""          # an icon from https://lucide.dev/icons
  title: ""         # the big heading
  description: ""   # what the service is, in plain words (at most 400 characters)
  image:
    src: ""         # a picture in content/images/: one of the illustrations (e.g. companionship.svg) or your photo
    alt: ""         # what the picture shows, in one sentence, for people who cannot see it (20 to 200 characters)

# 'What We Provide': exactly 4 cards.
features:
${[1, 2, 3, 4].map(() => card('card')).join('\n')}

# 'Service Includes': exactly 8 short items (at most 120 characters each).
inclusions:
${Array.from({ length: 8 }, () => '  - ""').join('\n')}

# Benefit cards near the foot of the page: exactly 3.
benefits:
${[1, 2, 3].map(() => card('benefit')).join('\n')}

# How the service appears on the all-services grids and menus.
card:
  icon: ""          # usually the same as hero.icon
  title: ""         # the service name, at most 40 characters
  text: ""          # one sentence, at most 160 characters

# Optional: set noindex: true to keep the page out of search engines while you work on it.
# noindex: true
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const slug = process.argv[2] ?? '';
  if (!slugSchema.safeParse(slug).success || RESERVED_SLUGS.includes(slug)) {
    console.error(`Usage: npm run new:service -- <slug>\nThe slug becomes the page address: lowercase words joined by hyphens, e.g. "foot-care".${RESERVED_SLUGS.includes(slug) ? `\n"${slug}" is the address of a fixed page.` : ''}`);
    process.exit(1);
  }
  const file = path.join(process.cwd(), 'content', 'services', `${slug}.yaml`);
  if (existsSync(file) || existsSync(file.replace(/\.yaml$/, '.mdx'))) {
    console.error(`content/services/${slug} already exists; edit that file instead.`);
    process.exit(1);
  }
  writeFileSync(file, serviceScaffold(slug));
  console.log(`Created content/services/${slug}.yaml. Fill in its fields, then run \`npm run check\`.`);
  console.log(`It is built at /${slug}. To show it on the home grid, in the header menu or in the footer, put "${slug}" in content/lists.yaml.`);
}
