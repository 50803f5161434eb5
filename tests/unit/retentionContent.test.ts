/**
 * content/retention.yaml's rules for real records, as an editor meets them: each mistake is a test whose name is
 * a sentence and whose whole message is pinned (the file, line and column, the field, what was expected and
 * what was found), and the periods reach the Edge Functions through the generated module.
 */
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../src/content/loader.ts';
import { contentErrorAfter as errorAfter } from './contentFixture.ts';
import { formChoicesModule } from '../../src/forms/formChoices.ts';

const retention = 'retention.yaml';

describe('content/retention.yaml', () => {
  test('refuses job applications kept under 12 months, and says why (EEOC)', async () => {
    expect(await errorAfter((c) => c.edit(retention, 'months: 18', 'months: 11'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Months of the applications: expected at least 12 months (federal law, EEOC 29 CFR 1602.14, requires keeping a job application for one year after it arrived or after the decision on it, whichever is later), found 11  (content/retention.yaml, line 26)"
    `);
  });

  test('refuses a client stage that is not a stage of inquiries, suggesting the right code', async () => {
    expect(await errorAfter((c) => c.edit(retention, 'clientStages: [became-a-client]', 'clientStages: [became-client]'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 1st client stage of the inquiries: expected the code of a stage of inquiries in content/workflow.yaml that means the family became a client, found "became-client", which is not a stage of inquiries (did you mean "became-a-client"?)  (content/retention.yaml, line 21)"
    `);
  });

  test('refuses the spam stage as a client stage', async () => {
    expect(await errorAfter((c) => c.edit(retention, 'clientStages: [became-a-client]', 'clientStages: [became-a-client, spam]'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd client stage of the inquiries: expected the code of a stage of inquiries in content/workflow.yaml that means the family became a client, found "spam", the stage suspected spam is filed under (spamStage)  (content/retention.yaml, line 21)"
    `);
  });

  test('refuses an empty list of client stages: the purge would erase the inquiries of clients', async () => {
    expect(await errorAfter((c) => c.edit(retention, 'clientStages: [became-a-client]', 'clientStages: []'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Client stages of the inquiries: expected at least 1 item, found 0  (content/retention.yaml, line 21)"
    `);
  });

  test('refuses inquiries without their months', async () => {
    expect(await errorAfter((c) => c.edit(retention, '  months: 24\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Months of the inquiries: expected a number, found nothing (the field is missing)  (content/retention.yaml, line 20)"
    `);
  });

  test('as shipped, reaches the functions in the generated module', async () => {
    const content = await loadContent();
    expect(content.retention).toEqual({ suspectedSpam: { days: 30 }, inquiries: { months: 24, clientStages: ['became-a-client'] }, applications: { months: 18 } });
    expect(formChoicesModule(content)).toContain(JSON.stringify(content.retention, null, 2));
  });
});
