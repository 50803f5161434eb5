/** The build's date: SOURCE_DATE_EPOCH makes the same sources give the same pages on any day. */
import { describe, expect, test } from 'vitest';
import { openJobs } from '../../src/content/content.ts';
import { buildDate } from '../../src/env.ts';

describe('buildDate', () => {
  test('is SOURCE_DATE_EPOCH when set, now otherwise, and refuses what is not whole seconds', () => {
    expect(buildDate({ SOURCE_DATE_EPOCH: '1795305600' }).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(Math.abs(buildDate({}).getTime() - Date.now())).toBeLessThan(1000);
    expect(() => buildDate({ SOURCE_DATE_EPOCH: 'yesterday' })).toThrow(/SOURCE_DATE_EPOCH must be whole seconds/);
  });

  test('decides which openings are still advertised', () => {
    const jobs = [{ slug: 'a', validThrough: '2027-02-28' }, { slug: 'b', validThrough: '2026-01-31' }] as Parameters<typeof openJobs>[0]['jobs'];
    const saved = process.env.SOURCE_DATE_EPOCH;
    try {
      process.env.SOURCE_DATE_EPOCH = '1795305600';
      expect(openJobs({ jobs }).map((job) => job.slug)).toEqual(['a']);
      process.env.SOURCE_DATE_EPOCH = String(Date.UTC(2027, 2, 1) / 1000);
      expect(openJobs({ jobs })).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = saved;
    }
  });
});
