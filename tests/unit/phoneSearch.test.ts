/**
 * A caller's number typed into a list's search as people write it, with or without the country code, finds the
 * record however its number was stored (src/admin/records.ts searchRows, phoneDigitsOf), and nothing else.
 */
import { describe, expect, test } from 'vitest';
import { phoneDigitsOf, searchRows } from '../../src/admin/records.ts';

const rows = [
  { name: 'Bob Annis', email: '', phone: '(860) 555-0142', town: 'Old Saybrook' },
  { name: 'Ruth Okafor', email: 'ruth@example.com', phone: '+1 203 555 0177', town: 'Hamden' },
  { name: 'Lena Ortiz', email: 'lena@example.com', phone: '18605550199', town: 'Milford' },
  { name: 'Ann Lee', email: 'ann@example.com', phone: '', town: 'Hamden' },
];
const fields = ['name', 'email', 'phone', 'town'] as const;
const phoneFields = ['phone'] as const;
const found = (query: string) => searchRows(rows, query, fields, phoneFields).map((row) => row.name);

describe('a number typed with the country code', () => {
  test.each(['+1 860 555 0142', '1-860-555-0142', '(860) 555-0142', '18605550142', '+18605550142', '1 (860) 555-0142', '1.860.555.0142', '+1-860-555-0142', '8605550142', '860-555-0142'])(
    '%s finds the caller stored as (860) 555-0142, and no one else',
    (query) => {
      expect(found(query)).toEqual(['Bob Annis']);
    },
  );

  test('a number stored with the country code is found with or without it', () => {
    for (const query of ['(203) 555-0177', '2035550177', '+1 203 555 0177', '1-203-555-0177', '555-0177']) expect(found(query), query).toEqual(['Ruth Okafor']);
    for (const query of ['860-555-0199', '+1 860 555 0199', '18605550199']) expect(found(query), query).toEqual(['Lena Ortiz']);
  });

  test('part of a number still finds by its digits; a 1 inside a number is not taken for the country code', () => {
    expect(found('555-01')).toEqual(['Bob Annis', 'Ruth Okafor', 'Lena Ortiz']);
    expect(found('0142')).toEqual(['Bob Annis']);
    expect(phoneDigitsOf('1555')).toBe('1555');
    expect(phoneDigitsOf('15550142')).toBe('15550142');
    expect(phoneDigitsOf('+1 860')).toBe('860');
    expect(phoneDigitsOf('1 860')).toBe('860');
    expect(phoneDigitsOf('+44 20 7946 0958')).toBe('442079460958');
  });

  test('a number of another person finds nobody, and words are searched as words', () => {
    expect(found('+1 860 555 0143')).toEqual([]);
    expect(found('hamden')).toEqual(['Ruth Okafor', 'Ann Lee']);
  });
});
