/**
 * "How it works": the three steps from a first call to a caregiver at the door, `content/how-it-works.yaml`.
 * Shown on the home page (after the services grid) and on /services.
 */
import { z } from 'zod';
import { text } from './common.ts';
import { imageSchema } from './image.ts';

const step = z.strictObject({
  title: text(60).meta({ description: 'The step in a few words, in Title Case, e.g. "Call Us".' }),
  text: text(400).meta({ description: 'One to three sentences: what happens in this step and what the family does.' }),
  image: imageSchema.meta({ description: 'The illustration of the step: a file in content/images/ and what it shows.' }),
});

export const howItWorksSchema = z.strictObject({
  heading: text(80).meta({ description: 'The section heading, in Title Case, e.g. "How It Works".' }),
  intro: text(400).meta({ description: 'One or two sentences under the heading.' }),
  steps: z
    .array(step)
    .length(3)
    .meta({ description: 'Exactly 3 steps, in order: the first call, the free in-home consultation, the care plan and a matched caregiver.' }),
});

export type HowItWorks = z.infer<typeof howItWorksSchema>;
