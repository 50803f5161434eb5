/**
 * An office of the agency: `content/offices/<name>.yaml`. Its street address is shown, and given to search
 * engines, only where visitors are received; otherwise the towns it serves stand in for it (src/seo/officeJsonLd.ts).
 */
import { z } from 'zod';
import { text } from '../schemas/common.ts';
import { imageSchema } from '../schemas/image.ts';
import { officeHoursLine, phoneNumber } from '../schemas/site.ts';

/** An https address only: a profile or review link the site sends visitors to. */
export const httpsUrl = z
  .string()
  .trim()
  .regex(/^https:\/\/[^\s/?#]+\.[^\s]+$/, 'a web address starting with https://, e.g. "https://g.page/r/your-profile"');

export const officeSchema = z.strictObject({
  name: text(60).meta({ description: 'The office as families know it, e.g. "Berlin office".' }),
  address: z
    .strictObject({
      street: text(100).meta({ description: 'The street and number, with a suite or floor if any, e.g. "100 Example Road, Suite 2".' }),
      town: text(60).meta({ description: 'The town or city, e.g. "Berlin".' }),
      state: z.string().regex(/^[A-Z]{2}$/, 'a state of two capital letters, e.g. "CT"').default('CT').meta({ description: 'Optional: the state, "CT" by default.' }),
      zip: z.coerce
        .string()
        .regex(/^\d{5}(-\d{4})?$/, 'a ZIP code of five digits in quotes, e.g. "06037"')
        .meta({ description: 'The ZIP code in quotes, e.g. "06037": without them, a ZIP code starting with 0 is read as a number and loses its 0.' }),
    })
    .meta({ description: "The office's address, as its Google Business Profile gives it." }),
  receivesVisitors: z.boolean().meta({ description: 'True when families may visit the office: its street address is then shown and given to search engines. False: the towns it serves are given instead.' }),
  hours: z.array(officeHoursLine).max(7).optional().meta({ description: "Optional: the opening hours, when they differ from the office hours in site.yaml (those are used when this is left out)." }),
  phone: phoneNumber.optional().meta({ description: "Optional: the office's own number, when not the agency's (site.yaml's phone is used when left out)." }),
  photo: imageSchema.optional().meta({ description: 'Optional: a photograph of the office, and what it shows.' }),
  towns: z.array(text(40)).min(1).max(60).meta({ description: 'The towns it serves, as content/regions.yaml writes them.' }),
  googleProfile: httpsUrl.optional().meta({ description: "Optional: the address of the office's Google Business Profile, where families read every review (https only)." }),
  reviewLink: httpsUrl.optional().meta({ description: 'Optional: the link that opens Google\'s form to leave a review (https only).' }),
});

export type Office = z.infer<typeof officeSchema>;
