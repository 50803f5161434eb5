/**
 * The pure parts of `npm run bench -- --builds` (scripts/benches/buildsBench.ts): its arguments, the figures taken
 * from builds run in turn, and the profile read from a build's BUILD_TIMINGS=1 lines.
 */
import { describe, expect, test } from 'vitest';
import { benchArgs, buildSteps, extraService, inTurnFigures, marginalMs, profileTable, spread } from '../../scripts/benches/buildsBench.ts';

// The stderr of a real clean build under BUILD_TIMINGS=1 (2026-11-27), with a bundler warning between the lines.
const TIMINGS = `[build] 2.07 s  content checked
4:53:44 AM [vike][Warning] The bare import.meta.env expression in /src/analytics/options.ts is replaced with null — use import.meta.env.SONE_ENV instead https://vike.dev/env
[build] 4.06 s  bundled
[build] 5.00 s  pages rendered and written
[build] 5.31 s  pictures, fonts, sitemap and headers written
[build] 5.31 s  published
`;

describe('the arguments', () => {
  test('--builds alone times three runs of each and compares with no commit', () => {
    expect(benchArgs(['--builds'])).toEqual({ builds: true, vs: undefined, runs: 3 });
  });

  test('--vs names the commit and implies --builds; --runs sets the runs', () => {
    expect(benchArgs(['--vs', 'HEAD~3', '--runs', '1'])).toEqual({ builds: true, vs: 'HEAD~3', runs: 1 });
  });

  test('no argument is the full bench', () => {
    expect(benchArgs([]).builds).toBe(false);
  });

  test('--vs without a commit and a --runs that is not a count are refused with what to write', () => {
    expect(() => benchArgs(['--builds', '--vs'])).toThrow('--vs needs a value, e.g. --vs HEAD~5');
    expect(() => benchArgs(['--builds', '--vs', '--runs', '2'])).toThrow('--vs needs a value');
    expect(() => benchArgs(['--builds', '--runs', 'three'])).toThrow("--runs takes a whole number from 1 to 100, not 'three'");
    expect(() => benchArgs(['--builds', '--runs', '0'])).toThrow('--runs takes a whole number');
  });
});

describe('the figures', () => {
  test('a spread is the min, the median and the max; an even count takes the middle two', () => {
    expect(spread([3, 1, 2])).toEqual({ min: 1, median: 2, max: 3 });
    expect(spread([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4 });
  });

  test('ratios are taken round by round, so a slow round slows both sides of its pair', () => {
    // Round 2 ran on a busy machine: both sides took twice as long, and the ratio held.
    const figures = inTurnFigures([
      [10, 20, 11],
      [20, 40, 20],
      [5, 10, 5],
    ]);
    expect(figures.each[0]).toEqual({ min: 10, median: 11, max: 20 });
    expect(figures.ratios[0]).toEqual({ min: 0.5, median: 0.5, max: 0.55 });
    expect(figures.ratios[1]).toEqual({ min: 2, median: 2, max: 2.2 });
  });

  test('commands timed a different number of times are refused', () => {
    expect(() => inTurnFigures([[1, 2], [1]])).toThrow('every command runs the same number of times');
  });

  test('the marginal cost of a page is the difference of the medians over the 1,000 pages, in ms', () => {
    expect(marginalMs(12.5, 4.5)).toBeCloseTo(8);
  });
});

describe('the profile', () => {
  test("each step's time is from the previous line; lines that are not the build's are left out", () => {
    const steps = buildSteps(TIMINGS);
    expect(steps.map((s) => s.step)).toEqual(['content checked', 'bundled', 'pages rendered and written', 'pictures, fonts, sitemap and headers written', 'published']);
    expect(steps.map((s) => Number(s.seconds.toFixed(2)))).toEqual([2.07, 1.99, 0.94, 0.31, 0]);
  });

  test('the sides are shown in columns, a step one side does not print as -, with the time outside the steps', () => {
    const older = buildSteps('[build] 3.00 s  content checked\n[build] 6.00 s  bundled\n[build] 9.50 s  published\n');
    expect(profileTable([
      { label: 'ours', steps: buildSteps(TIMINGS), wallSeconds: 6.01 },
      { label: '15bfe22', steps: older, wallSeconds: 10 },
    ])).toEqual([
      'step (time since the previous line)                          ours  15bfe22',
      'content checked                                            2.07 s   3.00 s',
      'bundled                                                    1.99 s   3.00 s',
      'pages rendered and written                                 0.94 s        -',
      'pictures, fonts, sitemap and headers written               0.31 s        -',
      'published                                                  0.00 s   3.50 s',
      'outside the steps (start-up, compiling the scripts, exit)  0.70 s   0.50 s',
      'whole process                                              6.01 s  10.00 s',
    ]);
  });
});

test('each generated service has a description of its own, the rest as the fixture', () => {
  expect(extraService(7)).toMatch(/^description: Generated page 7 for the build benchmark, with a description of its own\.$/m);
  expect(extraService(7).replace(/^description: .*$/m, '')).toBe(extraService(8).replace(/^description: .*$/m, ''));
});
