/** JSON Schema versions of the content schemas, for editor autocompletion. */
import { z } from 'zod';
import { applicationFormSchema } from './schemas/applicationForm.ts';
import { inquiryFormSchema } from './schemas/inquiryForm.ts';
import { directorySchema } from './schemas/directory.ts';
import { faqSchema } from './schemas/faq.ts';
import { howItWorksSchema } from './schemas/howItWorks.ts';
import { jobSchema } from './schemas/job.ts';
import { listsSchema } from './schemas/lists.ts';
import { pageSchemas } from './schemas/page.ts';
import { regionsSchema } from './schemas/regions.ts';
import { serviceSchema } from './schemas/service.ts';
import { siteSchema } from './schemas/site.ts';
import { retentionSchema } from './schemas/retention.ts';
import { repliesSchema } from './schemas/replies.ts';
import { workflowSchema } from './schemas/workflow.ts';
import { officeSchema } from './trust/officeSchema.ts';
import { personSchema } from './trust/personSchema.ts';
import { recognitionSchema } from './trust/recognitionSchema.ts';
import { reviewSchema } from './trust/reviewSchema.ts';

/** Every content type's schema, by the name of its schemas/<name>.schema.json (the editor's configuration uses it too). */
export const CONTENT_SCHEMAS: Record<string, z.ZodType> = {
  site: siteSchema,
  service: serviceSchema,
  lists: listsSchema,
  directory: directorySchema,
  regions: regionsSchema,
  job: jobSchema,
  'application-form': applicationFormSchema,
  'inquiry-form': inquiryFormSchema,
  'how-it-works': howItWorksSchema,
  faq: faqSchema,
  workflow: workflowSchema,
  retention: retentionSchema,
  replies: repliesSchema,
  review: reviewSchema,
  person: personSchema,
  office: officeSchema,
  recognition: recognitionSchema,
  ...Object.fromEntries(Object.entries(pageSchemas).map(([name, schema]) => [`page-${name}`, schema])),
};

export function jsonSchemas(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(CONTENT_SCHEMAS).map(([name, schema]) => [name, z.toJSONSchema(schema, { io: 'input', target: 'draft-07' })]),
  );
}
