/**
 * One service page: `content/services/<slug>.yaml` (or `.mdx` with this as frontmatter).
 * The file name is the slug and the page's address: `meal-preparation.yaml` -> `/meal-preparation`.
 */
import { z } from 'zod';
import { iconName, pathname, slug, text, tone } from './common.ts';

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
  canonicalPath: pathname.meta({
    description: 'The page address: "/" followed by the file name without its extension, e.g. "/meal-preparation".',
  }),
  serviceType: text(80).meta({
    description: 'The service type given to search engines in structured data, e.g. "Meal preparation".',
  }),
  pageId: slug.meta({
    description: 'A unique identifier of the page, used by analytics, e.g. "meal-preparation".',
  }),
  noindex: z.boolean().default(false).meta({
    description: 'true keeps the page out of search engines and the sitemap. Default false.',
  }),
  hero: z
    .strictObject({
      icon: iconName,
      title: text(80).meta({ description: 'The big heading at the top of the page.' }),
      description: text(400).meta({ description: 'The paragraph under the heading: what the service is, in plain words.' }),
    })
    .meta({ description: 'The top of the page: icon, heading and introduction.' }),
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
  placement: z
    .strictObject({
      grid: z.int().min(1).max(8).optional().meta({ description: 'Position 1-8 on the 8-service grids (home, /services).' }),
      dropdown: z.int().min(1).max(5).optional().meta({ description: "Position 1-5 in the header's Services menu." }),
      footer: z.int().min(1).max(5).optional().meta({ description: 'Position 1-5 in the footer list.' }),
    })
    .default({})
    .meta({ description: 'Where else the service is listed. Exactly 8 services have a grid place, 5 a dropdown place and 5 a footer place.' }),
});

export type Service = z.infer<typeof serviceSchema>;
