/**
 * The SQL that keeps the database's stage lookup tables (public.application_stages, public.inquiry_stages) in
 * step with content/workflow.yaml, and its office tables (public.office_week, office_holidays, office_settings)
 * with content/site.yaml's office hours, holidays and reply promise, which the reports count office time and the
 * promise by. The database cannot read content/, so `npm run build` (and `npm run schemas`)
 * write supabase/workflow.generated.sql, the local stand-in runs it after the migrations, and on Supabase it is
 * applied by hand after a change (docs/going-live.md, "Changing the stages after launch"). A unit test fails when the committed copy is stale.
 * Shared by the build and the dashboard: a stage's code is what the database stores, its label what staff read.
 */
import { writeIfChanged } from '../generatedFile.ts';
import path from 'node:path';
import type { Content } from '../content/content.ts';
import { officeScheduleFrom } from '../content/office.ts';
import type { Site } from '../content/schemas/site.ts';
import { WORKFLOW_LISTS, type Workflow, type WorkflowList } from '../content/schemas/workflow.ts';

export const WORKFLOW_SQL_FILE = 'supabase/workflow.generated.sql';

/** A string as an SQL literal (standard_conforming_strings, Postgres's default: only the quote is special). */
function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** What the office part of the SQL is made from: site.yaml's hours, holidays and reply promise. */
export type OfficeContent = Pick<Site, 'officeHours' | 'holidays' | 'notifications'>;

/** The stages (and, given the site, the office's week) as SQL; `office` is left out only by tests of the stages alone. */
export function workflowSql(workflow: Workflow, office?: OfficeContent): string {
  // The meaning is only the dashboard's hint: the database keeps what it stores (code), shows (label), filters on
  // (closed), files suspected spam under (spam) and counts as converted or hired (success).
  const calls = WORKFLOW_LISTS.map((list) => {
    const { stages: listed, spamStage, successStage } = workflow[list];
    const stages = listed.map(({ code, label, closed }) => ({
      code,
      label,
      closed,
      ...(code === spamStage ? { spam: true } : {}),
      ...(code === successStage ? { success: true } : {}),
    }));
    return `select private.sync_workflow_stages(${sqlString(list)}, ${sqlString(JSON.stringify(stages))}::jsonb);`;
  });
  if (office) {
    const schedule = officeScheduleFrom(office);
    calls.push(`select private.sync_office_schedule(${sqlString(JSON.stringify(schedule))}::jsonb, ${office.notifications.replyWithinHours});`);
  }
  return `-- Generated from content/workflow.yaml and content/site.yaml by \`npm run build\`: do not edit.
-- Keeps the stage lookup tables and the office's hours, holidays and reply promise in step with the content: run it
-- after the migrations (the local stand-in does; on Supabase: psql "$SUPABASE_DB_URL" -f supabase/workflow.generated.sql,
-- or paste it into the SQL editor). A stage removed from the content that records still use is refused, naming the
-- stage and how many records.
${calls.join('\n')}
`;
}

/** The stage codes of each list in a text `workflowSql` wrote ({} when there is none): what the database was last given. */
export function stagesInSql(sql: string): Partial<Record<WorkflowList, string[]>> {
  const found: Partial<Record<WorkflowList, string[]>> = {};
  for (const match of sql.matchAll(/sync_workflow_stages\('(applications|inquiries)', '((?:[^']|'')*)'::jsonb\)/g)) {
    const stages = JSON.parse(match[2]!.replaceAll("''", "'")) as Array<{ code: string }>;
    found[match[1] as WorkflowList] = stages.map((stage) => stage.code);
  }
  return found;
}

/** Writes the generated SQL when it differs; returns true when it changed. */
export function writeWorkflowSql(content: Pick<Content, 'workflow' | 'site'>, root = process.cwd()): boolean {
  return writeIfChanged(path.join(root, WORKFLOW_SQL_FILE), workflowSql(content.workflow, content.site));
}
