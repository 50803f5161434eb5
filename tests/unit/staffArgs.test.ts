/**
 * `npm run staff:add`'s command line in every documented form and order (an outside review found every form without
 * `--name` refused with the usage line: the e-mail at index 0 was skipped).
 */
import { describe, expect, test } from 'vitest';
import { parseStaffArgs } from '../../scripts/staff-add.ts';

describe('staff:add takes its documented forms in any order', () => {
  test.each([
    [['dana@agency.com'], { email: 'dana@agency.com', access: 'staff' }],
    [['dana@agency.com', '--admin'], { email: 'dana@agency.com', access: 'admin' }],
    [['--admin', 'dana@agency.com'], { email: 'dana@agency.com', access: 'admin' }],
    [['dana@agency.com', '--remove'], { email: 'dana@agency.com', access: false }],
    [['--remove', 'dana@agency.com'], { email: 'dana@agency.com', access: false }],
    [['dana@agency.com', '--name', 'Dana Reyes'], { email: 'dana@agency.com', access: 'staff', name: 'Dana Reyes' }],
    [['--name', 'Dana Reyes', 'dana@agency.com', '--admin'], { email: 'dana@agency.com', access: 'admin', name: 'Dana Reyes' }],
    [['--admin', '--name=Dana Reyes', 'dana@agency.com'], { email: 'dana@agency.com', access: 'admin', name: 'Dana Reyes' }],
  ])('%j', (args, expected) => {
    expect(parseStaffArgs(args)).toEqual(expected);
  });

  test.each([
    [[], 'The e-mail address is missing.'],
    [['--admin'], 'The e-mail address is missing.'],
    [['dana@agency.com', 'sam@agency.com'], 'One e-mail address, not 2'],
    [['dana'], '"dana" is not an e-mail address.'],
    [['dana@agency.com', '--admin', '--remove'], '--admin and --remove cannot go together.'],
    [['dana@agency.com', '--name', '  '], '--name needs a name'],
    [['dana@agency.com', '--nmae', 'Dana'], "Unknown option '--nmae'"],
  ])('refuses %j, saying why, with the usage line', (args, message) => {
    const parsed = parseStaffArgs(args);
    expect(parsed).toHaveProperty('error');
    const error = (parsed as { error: string }).error;
    expect(error).toContain(message);
    expect(error).toContain('Usage: npm run staff:add -- <email>');
  });
});
