/**
 * A picture named by content: a file in content/images/ and the words that stand in for it. The build turns
 * each into the files a browser needs (src/images.ts); the loader checks that the file exists and can be read.
 */
import { z } from 'zod';

/** File types the build accepts: SVG illustrations as they are, photos converted to AVIF, WebP and JPEG. */
export const IMAGE_EXTENSIONS = ['svg', 'jpg', 'jpeg', 'png', 'webp', 'avif'] as const;

/** Openings that tell a screen-reader user nothing they would not hear anyway ("image, photo of ..."). */
const NOISE = /^(an? )?(image|picture|photo|photograph|illustration|graphic)( of)?\b/i;

export const imageSchema = z
  .strictObject({
    src: z
      .string()
      .trim()
      .regex(
        new RegExp(`^[a-z0-9][a-z0-9-]*\\.(${IMAGE_EXTENSIONS.join('|')})$`),
        `a file name in content/images/ in lowercase words joined by hyphens, ending in .${IMAGE_EXTENSIONS.join(', .')}, e.g. "meals.svg"`,
      )
      .meta({ description: 'The file name of the picture in content/images/, e.g. "meals.svg" or "our-team.jpg".' }),
    alt: z
      .string()
      .trim()
      .min(20)
      .max(200)
      .refine((alt) => !NOISE.test(alt), 'expected a description of what the picture shows, without "image of" or "photo of" (screen readers already say it is an image)')
      .refine((alt) => !/\.(svg|jpe?g|png|webp|avif)\b/i.test(alt), 'expected a description of what the picture shows, not its file name')
      .meta({ description: 'What the picture shows, in one sentence, for people who cannot see it (read aloud by screen readers). 20 to 200 characters.' }),
  })
  .meta({ id: 'image', description: 'A picture: a file in content/images/ and its description (alt text).' });

export type ContentImageRef = z.infer<typeof imageSchema>;
