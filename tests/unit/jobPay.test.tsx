/**
 * A job file may give its pay (the shipped openings do not): a copy of the content with one that does is read
 * with USD by default, and the job's facts say the pay in plain words, on its card and its page.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, test } from 'vitest';
import { JobFacts, payInWords } from '../../src/components/JobFacts.tsx';
import { loadContent } from '../../src/content/loader.ts';
import { copyContent } from './contentFixture.ts';

const copy = copyContent();
copy.write('jobs/companion-caregiver.yaml', `${copy.read('jobs/companion-caregiver.yaml')}pay:\n  min: 18\n  max: 22\n  per: HOUR\n`);
const content = await loadContent(copy.root);
afterAll(() => copy.cleanup());

describe('a job that gives its pay', () => {
  const job = content.jobs.find((j) => j.slug === 'companion-caregiver')!;

  test('is read with the currency USD when the file names none', () => {
    expect(job.pay).toEqual({ min: 18, max: 22, per: 'HOUR', currency: 'USD' });
    expect(content.jobs.find((j) => j.slug === 'care-scheduling-coordinator')!.pay).toBeUndefined();
  });

  test('shows the pay in plain words among its facts', () => {
    const html = renderToStaticMarkup(<JobFacts job={job} />);
    expect(html).toContain('$18–$22 an hour');
    expect(renderToStaticMarkup(<JobFacts job={{ ...job, pay: undefined }} />)).not.toContain('$');
  });
});

describe('the pay in plain words', () => {
  test.each([
    [{ min: 18, max: 22, per: 'HOUR', currency: 'USD' }, '$18–$22 an hour'],
    [{ min: 20, per: 'HOUR', currency: 'USD' }, '$20 an hour'],
    [{ min: 20, max: 20, per: 'HOUR', currency: 'USD' }, '$20 an hour'],
    [{ min: 18.5, max: 22, per: 'HOUR', currency: 'USD' }, '$18.50–$22.00 an hour'],
    [{ min: 42000, max: 48000, per: 'YEAR', currency: 'USD' }, '$42,000–$48,000 a year'],
    [{ min: 150, per: 'DAY', currency: 'USD' }, '$150 a day'],
    [{ min: 900, max: 1000, per: 'WEEK', currency: 'CAD' }, 'CA$900–CA$1,000 a week'],
  ] as const)('%o reads "%s"', (pay, words) => {
    expect(payInWords(pay)).toBe(words);
  });
});
