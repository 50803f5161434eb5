/**
 * The line over the Inquiries list about the reply promise (src/admin/workflow/overdue.ts promiseLine) names the
 * workflow's first stage as content/workflow.yaml names it, not "New" whatever it is called; and what it counts as
 * overdue is what is at that first stage, whatever its code.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { isOverdue, promiseLine, setReplyPromise } from '../../src/admin/workflow/overdue.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';

const stage = (code: string, label: string, closed = false) => ({ code, label, meaning: '', closed });
const workflowWith = (first: ReturnType<typeof stage>) => {
  const stages = [first, stage('contacted', 'Contacted'), stage('spam', 'Spam', true)];
  setWorkflow({ inquiries: { stages, spamStage: 'spam' }, applications: { stages, spamStage: 'spam' } });
};

afterEach(() => setReplyPromise(24));

describe('the promise line', () => {
  test('says "New" when the first stage is called New', () => {
    workflowWith(stage('new', 'New'));
    expect(promiseLine(3)).toBe('3 inquiries are overdue: still New after 24 hours.');
    expect(promiseLine(1)).toBe('1 inquiry is overdue: still New after 24 hours.');
    expect(promiseLine(0)).toBe('Every inquiry has been answered within 24 hours.');
  });

  test('names the first stage as the content renamed it, with its own reply promise', () => {
    workflowWith(stage('new', 'Waiting for a call'));
    setReplyPromise(8);
    expect(promiseLine(2)).toBe('2 inquiries are overdue: still Waiting for a call after 8 hours.');
  });

  test('a first stage of another code is the one named and the one watched', () => {
    workflowWith(stage('received', 'Received'));
    expect(promiseLine(1)).toBe('1 inquiry is overdue: still Received after 24 hours.');
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(isOverdue({ stage: 'received', created_at: '2026-11-26T11:00:00Z', first_reply_at: null }, now)).toBe(true);
    expect(isOverdue({ stage: 'new', created_at: '2026-11-26T11:00:00Z', first_reply_at: null }, now)).toBe(false);
  });
});
