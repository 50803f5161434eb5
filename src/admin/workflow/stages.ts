/**
 * The workflow's stages as the dashboard shows them: content/workflow.yaml, given with the page
 * (pages/admin/+data.ts) like the labels, so that renaming or adding a stage is a content-only rebuild. A code
 * the content no longer has (a record moved there before the stage was removed) still reads well, as words.
 */
import type { DashboardWorkflow } from '../../adminPage.ts';
import type { RecordList } from '../../database.ts';
import { codeToWords } from '../labels.ts';

export interface Stage {
  code: string;
  label: string;
  meaning: string;
  closed: boolean;
}

let workflow: DashboardWorkflow = {
  applications: { stages: [], spamStage: '' },
  inquiries: { stages: [], spamStage: '' },
};
/** Each list's stages by code: the filters ask for every row on every keystroke. */
let byCode: Record<RecordList, ReadonlyMap<string, Stage>> = { applications: new Map(), inquiries: new Map() };

/** Given the page's workflow once, before the dashboard renders (pages/admin/+onRenderClient.tsx). */
export function setWorkflow(given: DashboardWorkflow): void {
  workflow = given;
  byCode = {
    applications: new Map(given.applications.stages.map((stage) => [stage.code, stage])),
    inquiries: new Map(given.inquiries.stages.map((stage) => [stage.code, stage])),
  };
}

/** The list's stages, in the content's order: every new record starts at the first. */
export function stagesOf(list: RecordList): readonly Stage[] {
  return workflow[list].stages;
}

export function stageOf(list: RecordList, code: string): Stage {
  return byCode[list].get(code) ?? { code, label: codeToWords(code), meaning: '', closed: false };
}

export function stageLabel(list: RecordList, code: string): string {
  return stageOf(list, code).label;
}

export function isClosed(list: RecordList, code: string): boolean {
  return stageOf(list, code).closed;
}

/** The stage suspected spam is filed under (content/workflow.yaml's spamStage). */
export function spamStageOf(list: RecordList): string {
  return workflow[list].spamStage;
}

/** Where a record that was taken for spam goes back to: the list's first stage, where every new record starts. */
export function firstStageOf(list: RecordList): string {
  return workflow[list].stages[0]?.code ?? 'new';
}
