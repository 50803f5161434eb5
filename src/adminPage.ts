/**
 * What the /admin page is given from the content at build time (pages/admin/+data.ts writes it into the page;
 * src/admin/ reads it): the labels of the codes stored with records, and the workflow's stages. Shared here so
 * that the build's side (src/forms/formChoices.ts) and the dashboard agree without either importing the other.
 * Never anything personal: it is in the page's HTML for anyone to read.
 */
import type { Workflow } from './content/schemas/workflow.ts';

export type CodeKind = 'position' | 'experience' | 'availability' | 'careFor' | 'callTime' | 'service' | 'inquiryHeardAbout' | 'applicationHeardAbout';

export type Labels = Record<CodeKind, ReadonlyArray<{ code: string; label: string }>>;

/** content/workflow.yaml as the dashboard uses it: each list's stages in order, with label, meaning and closed. */
export type DashboardWorkflow = Workflow;
