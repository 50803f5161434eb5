/**
 * A person of the agency shown on the site: `content/people/<name>.yaml`, one file per person, each with the
 * person's consent to appear on record. Leadership and office staff are shown first, then the caregivers who agreed
 * (src/content/trust/trust.ts, peopleInOrder).
 */
import { z } from 'zod';
import { requiredBecause, text } from '../schemas/common.ts';
import { imageSchema } from '../schemas/image.ts';

const isoDate = z.iso.date().meta({ description: 'A date written YYYY-MM-DD, e.g. "2026-11-01".' });

/** The groups in the order the site shows them. */
export const PEOPLE_GROUPS = ['leadership', 'office', 'caregiver'] as const;
export type PeopleGroup = (typeof PEOPLE_GROUPS)[number];

const consent = z
  .strictObject({
    date: isoDate.meta({ description: 'The date the person agreed to appear on the site with their photograph, YYYY-MM-DD.' }),
    how: z.enum(['signed form', 'e-mail']).meta({ description: 'How they agreed: a signed form or an e-mail, kept on file.' }),
    revoked: isoDate.optional().meta({ description: 'The date they asked to be taken off the site, YYYY-MM-DD: they are left off every page at the next build.' }),
  })
  .meta({ description: "The person's consent to appear on the site, on record." });
requiredBecause.add(consent, { why: 'a person appears on the site only with their consent on record: the date they agreed and how (a signed form or an e-mail)' });

export const personSchema = z.strictObject({
  name: text(60).meta({ description: 'The name as shown, e.g. "Dana Whitfield" or, for a caregiver, "Rosa M.".' }),
  role: text(80).meta({ description: 'Their role, e.g. "Owner" or "Care coordinator".' }),
  group: z.enum(PEOPLE_GROUPS).meta({ description: 'leadership, office or caregiver: leadership and office staff are shown first.' }),
  order: z.int().min(1).max(99).default(50).meta({ description: 'Optional: the place within the group, 1 first. People with the same number are shown by name.' }),
  photo: imageSchema.meta({ description: 'Their photograph (at least 800 pixels wide) and what it shows, e.g. "Dana Whitfield smiling in the office kitchen".' }),
  intro: text(300).meta({ description: 'A short introduction in one to three sentences, in their own words where possible.' }),
  languages: z.array(text(30)).min(1).max(6).default(['English']).meta({ description: 'The languages they speak, e.g. English, Spanish.' }),
  credentials: z.array(text(40)).max(8).default([]).meta({ description: 'Optional: their certificates, e.g. CNA, CPR, First Aid.' }),
  consent,
});

export type Person = z.infer<typeof personSchema>;
