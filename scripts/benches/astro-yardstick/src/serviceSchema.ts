/**
 * The schema of a service file, as strict as ours (src/content/schemas/service.ts): unknown fields refused, every
 * field required but noindex, the same lengths and counts, known icon names and colour tones, a picture that exists.
 * Imported from 'zod' (the zod 4 that astro/zod re-exports) so that tests/unit/astroYardstick.test.ts can run it too.
 */
import { z } from 'zod';

export const TONE_NAMES = ['rose', 'amber', 'teal', 'sky', 'violet', 'emerald', 'indigo', 'orange'] as const;

const NOISE = /^(an? )?(image|picture|photo|photograph|illustration|graphic)( of)?\b/i;

export function serviceSchema({ iconNames, imageExists }: { iconNames: readonly [string, ...string[]]; imageExists: (src: string) => boolean }) {
  const text = (max: number) => z.string().trim().min(1).max(max);
  const iconName = z.enum(iconNames);
  const card = z.strictObject({ icon: iconName, title: text(60), description: text(240), color: z.enum(TONE_NAMES) });
  return z.strictObject({
    title: text(60),
    description: z.string().trim().min(50).max(160),
    keywords: z.array(text(60)).min(3).max(12),
    serviceType: text(80),
    noindex: z.boolean().default(false),
    hero: z.strictObject({
      icon: iconName,
      title: text(80),
      description: text(400),
      image: z.strictObject({
        src: z.string().trim().regex(/^[a-z0-9][a-z0-9-]*\.(svg|jpg|jpeg|png|webp|avif)$/).refine(imageExists, 'expected a file in content/images/'),
        alt: z.string().trim().min(20).max(200).refine((alt) => !NOISE.test(alt), 'expected a description of what the picture shows'),
      }),
    }),
    features: z.array(card).length(4),
    inclusions: z.array(text(120)).length(8),
    benefits: z.array(card).length(3),
    card: z.strictObject({ icon: iconName, title: text(40), text: text(160) }),
  });
}
