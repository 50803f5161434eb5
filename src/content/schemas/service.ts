/**
 * One service page: `content/services/<slug>.yaml` (or `.mdx` with this as frontmatter).
 * The file name is the slug, the page's address and its id: `meal-preparation.yaml` -> `/meal-preparation`.
 * Nothing here repeats the file name or says where the service is listed (that is content/lists.yaml), so a
 * copy of a file under a new name, with a new title and description, is a new page.
 */
import { z } from 'zod';
import { baseName, iconName, retiredFields, text, tone } from './common.ts';
import { imageSchema } from './image.ts';

const card = z.strictObject({
  icon: iconName,
  title: text(60).meta({ description: 'Card heading, e.g. "Nutritious Meals".' }),
  description: text(240).meta({ description: 'One or two sentences under the heading.' }),
  color: tone,
});

export const serviceSchema = z.strictObject({
  title: text(60).meta({
    description: 'The page title shown in the browser tab and search results, without the agency name (added for you). At most 60 characters, e.g. "Meal Preparation Services in Connecticut".',
  }),
  description: z.string().trim().min(50).max(160).meta({
    description: 'The search-result summary: 50 to 160 characters, unique to this page.',
  }),
  keywords: z.array(text(60)).min(3).max(12).meta({
    description: 'Search keywords for the page: 3 to 12 short phrases.',
  }),
  serviceType: text(80).meta({
    description: 'The service type given to search engines in structured data, e.g. "Meal preparation".',
  }),
  noindex: z.boolean().default(false).meta({
    description: 'true keeps the page out of search engines and the sitemap. Default false.',
  }),
  hero: z
    .strictObject({
      icon: iconName,
      title: text(80).meta({ description: 'The big heading at the top of the page.' }),
      description: text(400).meta({ description: 'The paragraph under the heading: what the service is, in plain words.' }),
      image: imageSchema.meta({ description: 'The picture beside the heading (below it on a phone): a file in content/images/ (an illustration such as meals.svg, or a photo of your own) and what it shows.' }),
    })
    .meta({ description: 'The top of the page: icon, heading, introduction and picture.' }),
  features: z.array(card).length(4).meta({
    description: "'What We Provide': exactly 4 cards, each with icon, title, description and color.",
  }),
  inclusions: z.array(text(120)).length(8).meta({
    description: "'Service Includes': exactly 8 short items.",
  }),
  benefits: z.array(card).length(3).meta({
    description: 'Benefit cards near the foot of the page: exactly 3, each with icon, title, description and color.',
  }),
  card: z
    .strictObject({
      icon: iconName,
      title: text(40).meta({ description: 'The service name on grids and menus, e.g. "Meal Preparation".' }),
      text: text(160).meta({ description: 'One sentence shown under the name on the service grids.' }),
    })
    .meta({ description: 'How the service appears on grids, in the header menu and in the footer.' }),
});

retiredFields.add(serviceSchema, {
  canonicalPath: (file) => `the page address comes from the file name (this file is the page /${baseName(file)}); delete this line`,
  pageId: (file) => `the page id comes from the file name (this file's is "${baseName(file)}"); delete this line`,
  placement: (file) => `which services the grids, the header menu and the footer show is in content/lists.yaml; delete this block and put "${baseName(file)}" in those lists`,
});

export type Service = z.infer<typeof serviceSchema>;
