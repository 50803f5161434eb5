/** The agency's identity and constants: `content/site.yaml`. Change the name, phone and e-mail here. */
import { z } from 'zod';
import { text } from './common.ts';

export const siteSchema = z.strictObject({
  name: text(60).meta({ description: 'The agency name shown everywhere, e.g. "Harbor Light Home Care".' }),
  legalLine: text(160).meta({
    description: 'The company line in the footer, e.g. "Harbor Light Home Care, LLC. All rights reserved." (the year is added).',
  }),
  phone: text(24)
    .regex(/^\D*(\d\D*){10}$/, 'a US phone number of ten digits, e.g. "(860) 555-0142"')
    .meta({ description: 'The agency phone number as people read it, e.g. "(860) 555-0142". Tap-to-call links dial the same ten digits.' })
    // Written once: the tap-to-call form ("+1" and the ten digits) is derived, never kept in step by hand.
    .transform((display) => ({ display, e164: `+1${display.replace(/\D/g, '')}` })),
  email: z.email().meta({ description: 'The public e-mail address, e.g. "care@example.com".' }),
  registration: z
    .strictObject({
      number: text(30).meta({ description: 'Connecticut home care agency registration, e.g. "HCA.0002676".' }),
      label: text(60).meta({ description: 'The words shown with it: "Non-Medical Care Services Only".' }),
    })
    .meta({ description: 'The state registration shown in the footer and on the careers page.' }),
  claims: z
    .strictObject({
      backgroundChecked: text(80).meta({ description: 'e.g. "Background-checked caregivers".' }),
      licensedInsured: text(80).meta({ description: 'e.g. "Licensed and insured".' }),
      careHours: text(80).meta({ description: 'e.g. "Non-medical care from 2 to 24 hours".' }),
      coverage: text(80).meta({ description: 'e.g. "Statewide coverage across Connecticut".' }),
      replyPromise: text(80).meta({ description: 'e.g. "We reply within 24 hours".' }),
      consultation: text(80).meta({ description: 'e.g. "Free consultation".' }),
    })
    .meta({ description: 'The promises the site makes, in the words the pages show.' }),
  officeHours: z
    .array(
      z.strictObject({
        days: text(30).meta({ description: 'e.g. "Monday - Friday".' }),
        hours: text(40).meta({ description: 'e.g. "8:00 am - 6:00 pm" or "Emergency calls only".' }),
      }),
    )
    .min(1)
    .max(7)
    .meta({ description: 'Office hours, one line per group of days.' }),
  afterHours: text(160).meta({
    description: 'The line shown under the office hours about emergencies outside them, e.g. "Outside office hours, our on-call line takes emergency calls at any hour, every day of the year."',
  }),
  serviceArea: text(120).meta({ description: 'Where the agency works, e.g. "All of Connecticut".' }),
  geo: z
    .strictObject({
      latitude: z.number().min(40.9).max(42.1),
      longitude: z.number().min(-73.8).max(-71.7),
      radiusMeters: z.int().positive(),
    })
    .meta({ description: 'The centre of the service area and its radius, for search engines (structured data).' }),
  forms: z
    .strictObject({
      region: z.string().regex(/^[a-z]{2,3}\d$/, 'a HubSpot region such as "na2"').meta({ description: 'HubSpot region, e.g. "na2".' }),
      portalId: z.string().regex(/^\d+$/, 'digits only').meta({ description: 'HubSpot portal (account) id.' }),
      contactFormId: z.uuid().meta({ description: 'HubSpot form id of the contact / request-information form.' }),
      careersFormId: z.uuid().meta({ description: 'HubSpot form id of the job application form.' }),
    })
    .meta({ description: 'The embedded form provider (HubSpot).' }),
  siteUrl: z.url({ protocol: /^https?$/ }).meta({
    description: 'The public address of the site, used for canonical links and the sitemap; the SITE_URL environment variable overrides it.',
  }),
  shareImage: z
    .strictObject({
      path: z.string().regex(/^\/[\w./-]+\.(png|jpe?g)$/, 'a path under public/, e.g. "/og-image.png"'),
      alt: text(160),
    })
    .meta({ description: 'The picture shown when a page is shared (1200x630), and its description.' }),
});

export type Site = z.infer<typeof siteSchema>;
