/**
 * The stages staff move each job application and each inquiry through: `content/workflow.yaml`. A stage's code
 * is what the database stores with a record; the build writes the stages into supabase/workflow.generated.sql,
 * which keeps the database's lookup tables in step with this file (src/workflow/stagesSql.ts).
 */
import { z } from 'zod';
import { ordinal } from '../fieldNames.ts';
import { didYouMean, quoteValue } from '../problems.ts';
import { slug, text } from './common.ts';

export const WORKFLOW_LISTS = ['applications', 'inquiries'] as const;
export type WorkflowList = (typeof WORKFLOW_LISTS)[number];

/** What a list's records are called in messages, and the closed stages a message gives as examples. */
const WORDS: Record<WorkflowList, { record: string; endings: string }> = {
  applications: { record: 'application', endings: 'hired, not a fit' },
  inquiries: { record: 'inquiry', endings: 'became a client, not a fit' },
};

export const workflowStageSchema = z.strictObject({
  code: slug.max(40).meta({
    description: 'What the database stores for a record at this stage: lowercase words joined by hyphens, e.g. "interview-booked". Never reuse a code for a different meaning.',
  }),
  label: text(40).meta({ description: 'What staff read in the dashboard, e.g. "Interview booked". Changing it is always safe.' }),
  meaning: text(160).meta({
    description: 'One line, shown as a hint in the dashboard: what a record at this stage means, e.g. "A home visit to assess the care needs is on the calendar."',
  }),
  closed: z.boolean().default(false).meta({
    description: 'true for a stage that ends the record (e.g. hired, not a fit): the dashboard\'s "Open" filter leaves it out. Default false.',
  }),
});

const workflowListSchema = (what: string) =>
  z
    .strictObject({
      stages: z.array(workflowStageSchema).min(2).max(12).meta({
        description: 'The stages, in the order a record usually moves through them. Every new record starts at the first, which must be open; at least one stage must be closed.',
      }),
      spamStage: slug.meta({
        description:
          'The code of the closed stage that suspected spam is filed under, e.g. "spam": a post that looks sent by a machine is stored there, apart from the real requests, and staff can move it back.',
      }),
      successStage: slug.optional().meta({
        description:
          'The code of the closed stage a record reaches when it went well, e.g. "became-a-client" or "hired": the reports count a request that ever reached it as converted (inquiries) or hired (applications). Without it they count none.',
      }),
    })
    .meta({ description: what });

export const workflowSchema = z
  .strictObject({
    applications: workflowListSchema('The stages of a job application, from the careers page to hired or closed.'),
    inquiries: workflowListSchema('The stages of an inquiry (a contact request), from the contact form to a new client or closed.'),
  })
  .superRefine((workflow, ctx) => {
    for (const list of WORKFLOW_LISTS) for (const issue of listIssues(list, workflow[list])) ctx.addIssue({ code: 'custom', ...issue });
  });

export type Workflow = z.infer<typeof workflowSchema>;
export type WorkflowStage = z.infer<typeof workflowStageSchema>;

/**
 * The rules of one list that zod's types cannot say. `found`, when given, is what the message says was found
 * (zodProblems.ts uses it instead of the value at the path).
 */
function listIssues(list: WorkflowList, { stages, spamStage, successStage }: Workflow[WorkflowList]) {
  const issues: Array<{ path: Array<string | number>; message: string; params?: { found: string } }> = [];
  const { record, endings } = WORDS[list];

  // A code is what is stored: two stages with one code could not be told apart.
  const firstAt = new Map<string, number>();
  stages.forEach(({ code }, index) => {
    const first = firstAt.get(code);
    if (first === undefined) firstAt.set(code, index);
    else issues.push({ path: [list, 'stages', index, 'code'], message: 'expected a code used once in the list', params: { found: `"${code}" a second time (also the ${ordinal(first + 1)} stage)` } });
  });

  const closed = stages.filter((stage) => stage.closed).map((stage) => stage.code);
  if (!closed.length) {
    issues.push({ path: [list, 'stages'], message: `expected at least one closed stage ("closed: true"): a way to end a record (${endings})`, params: { found: 'none (every stage is open)' } });
  } else if (closed.length === stages.length) {
    issues.push({ path: [list, 'stages'], message: `expected at least one open stage (every new ${record} starts at the first stage)`, params: { found: 'every stage closed' } });
  } else if (stages[0]?.closed) {
    issues.push({ path: [list, 'stages', 0, 'closed'], message: `expected the first stage to be open (every new ${record} starts there; move an open stage to the top)` });
  }

  if (closed.length) {
    const named = stages.find((stage) => stage.code === spamStage);
    const expected = `expected the code of a closed stage among the stages of ${list} (${closed.map((code) => `"${code}"`).join(', ')})`;
    if (!named) issues.push({ path: [list, 'spamStage'], message: expected, params: { found: `${quoteValue(spamStage)}, which is not a stage of the list${didYouMean(spamStage, closed)}` } });
    else if (!named.closed) issues.push({ path: [list, 'spamStage'], message: expected, params: { found: `${quoteValue(spamStage)}, an open stage (suspected spam is filed away, not worked on)` } });

    if (successStage !== undefined) {
      const ends = closed.filter((code) => code !== spamStage);
      const success = stages.find((stage) => stage.code === successStage);
      const expectedEnd = `expected the code of a closed stage among the stages of ${list} other than the spam stage (${ends.map((code) => `"${code}"`).join(', ')})`;
      if (!success) issues.push({ path: [list, 'successStage'], message: expectedEnd, params: { found: `${quoteValue(successStage)}, which is not a stage of the list${didYouMean(successStage, ends)}` } });
      else if (successStage === spamStage) issues.push({ path: [list, 'successStage'], message: expectedEnd, params: { found: `${quoteValue(successStage)}, the spam stage` } });
      else if (!success.closed) issues.push({ path: [list, 'successStage'], message: expectedEnd, params: { found: `${quoteValue(successStage)}, an open stage (a record that went well has ended)` } });
    }
  }
  return issues;
}
