/**
 * The arithmetic tests/e2e/contrast.spec.ts judges the site with (tests/e2e/contrast.ts): WCAG's contrast ratio
 * on its published reference values, colours with alpha laid over what is behind them, gradients judged at
 * their worst stop, and what counts as a control's edge and a focus indicator. A wrong formula here would pass
 * a control the browser test should fail.
 */
import { describe, expect, test } from 'vitest';
import { backgrounds, contrastRatio, hex, judgeEdge, judgeFocus, parseColor, type ControlFacts, type FocusFacts } from '../e2e/contrast.ts';

const WHITE_PAGE = [{ color: 'rgb(255, 255, 255)', image: 'none' }];
const ratio = (one: string, two: string) => Number(contrastRatio(parseColor(one), parseColor(two)).toFixed(2));
const side = (color: string, width = 2) => ({ color, width, style: 'solid' });

function control(facts: Partial<ControlFacts>): ControlFacts {
  return { name: 'input "x"', role: 'field', kind: 'box', sides: [], fill: { color: 'rgb(255, 255, 255)', image: 'none' }, behind: WHITE_PAGE, marker: 'm', ...facts };
}

function focus(facts: Partial<FocusFacts>): FocusFacts {
  return {
    name: 'a "x"',
    focusVisible: true,
    outline: { style: 'solid', width: 3, color: 'rgb(26, 86, 219)', offset: 3 },
    boxShadow: 'none',
    fill: { color: 'rgba(0, 0, 0, 0)', image: 'none' },
    behind: WHITE_PAGE,
    marker: '0',
    ...facts,
  };
}

describe('the contrast ratio', () => {
  test('is 21:1 for black on white, 1:1 for a colour on itself, whichever way round', () => {
    expect(ratio('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBe(21);
    expect(ratio('rgb(255, 255, 255)', 'rgb(0, 0, 0)')).toBe(21);
    expect(ratio('#0d5c57', '#0d5c57')).toBe(1);
  });

  test('gives the reference values: #767676 on white 4.54:1, #949494 on white 3.03:1', () => {
    expect(ratio('#767676', '#ffffff')).toBe(4.54);
    expect(ratio('#949494', '#ffffff')).toBe(3.03);
  });
});

describe('colours as the browser computes them', () => {
  test('rgb(), rgba(), the space-separated form with a percentage alpha, and transparent are read', () => {
    expect(parseColor('rgb(13, 92, 87)')).toEqual({ r: 13, g: 92, b: 87, a: 1 });
    expect(parseColor('rgba(29, 42, 51, 0.05)')).toEqual({ r: 29, g: 42, b: 51, a: 0.05 });
    expect(parseColor('rgb(0 0 0 / 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(parseColor('transparent').a).toBe(0);
  });

  test('a colour it cannot read stops the test instead of passing it', () => {
    expect(() => parseColor('oklch(0.5 0.1 200)')).toThrow('a colour this test cannot read: oklch(0.5 0.1 200)');
  });

  test('a background with alpha is laid over the ones behind it, and over white where nothing is opaque', () => {
    expect(backgrounds([{ color: 'rgba(0, 0, 0, 0.5)', image: 'none' }, { color: 'rgb(255, 255, 255)', image: 'none' }]).map(hex)).toEqual(['#808080']);
    expect(backgrounds([{ color: 'rgba(0, 0, 0, 0)', image: 'none' }]).map(hex)).toEqual(['#ffffff']);
  });

  test('a gradient counts as each of its stops', () => {
    const layers = [{ color: 'rgba(0, 0, 0, 0)', image: 'linear-gradient(135deg, rgb(13, 92, 87), rgb(8, 64, 60))' }, ...WHITE_PAGE];
    expect(backgrounds(layers).map(hex)).toEqual(['#0d5c57', '#08403c']);
  });
});

describe('a control\'s edge', () => {
  test('is its border against the background behind it', () => {
    const judged = judgeEdge(control({ sides: [side('rgb(227, 218, 203)'), side('rgb(227, 218, 203)')] }));
    expect(judged).toEqual({ ratio: expect.closeTo(1.39, 2), detail: 'border #e3dacb on #ffffff' });
  });

  test('is its fill where that stands out more (a filled button needs no border)', () => {
    const judged = judgeEdge(control({ role: 'button', sides: [side('rgba(0, 0, 0, 0)')], fill: { color: 'rgb(13, 92, 87)', image: 'none' } }));
    expect(judged).toEqual({ ratio: expect.closeTo(7.82, 2), detail: 'background #0d5c57 on #ffffff' });
  });

  test('a border with alpha is laid over the control\'s own background first', () => {
    const judged = judgeEdge(control({ sides: [side('rgba(0, 0, 0, 0.5)')] }));
    expect(judged?.detail).toBe('border #808080 on #ffffff');
  });

  test('is not judged for a button that draws neither border nor fill (its words show it)', () => {
    expect(judgeEdge(control({ role: 'button', fill: { color: 'rgba(0, 0, 0, 0)', image: 'none' } }))).toBeNull();
  });

  test('of a text field that draws neither is 1:1, a failure', () => {
    expect(judgeEdge(control({}))?.ratio).toBe(1);
  });
});

describe('a focus indicator', () => {
  test('is its outline against the background behind the element, a gradient at its worst stop', () => {
    const onBand = [{ color: 'rgba(0, 0, 0, 0)', image: 'linear-gradient(rgb(13, 92, 87), rgb(8, 64, 60))' }, ...WHITE_PAGE];
    expect(judgeFocus(focus({ behind: onBand }))).toEqual({ ratio: expect.closeTo(1.27, 2), detail: 'outline #1a56db on #0d5c57' });
    expect(judgeFocus(focus({ behind: onBand, outline: { style: 'solid', width: 3, color: 'rgb(255, 255, 255)', offset: 3 } })).detail).toBe('outline #ffffff on #0d5c57');
  });

  test('drawn inside the element (a negative offset) is judged against the element\'s own background', () => {
    const judged = judgeFocus(focus({ outline: { style: 'solid', width: 2, color: 'rgb(255, 255, 255)', offset: -4 }, fill: { color: 'rgb(13, 92, 87)', image: 'none' } }));
    expect(judged.detail).toBe('outline #ffffff on #0d5c57');
  });

  test('may be a box-shadow ring; the ring of two that stands out is the one judged; a drop shadow is no ring', () => {
    const outline = { style: 'none', width: 0, color: 'rgb(0, 0, 0)', offset: 0 };
    expect(judgeFocus(focus({ outline, boxShadow: 'rgb(255, 255, 255) 0px 0px 0px 2px, rgb(26, 86, 219) 0px 0px 0px 5px' })).detail).toBe('ring #1a56db on #ffffff');
    expect(judgeFocus(focus({ outline, boxShadow: 'rgba(29, 42, 51, 0.05) 0px 4px 14px 0px' }))).toEqual({ ratio: 0, detail: 'no outline or ring' });
  });

  test('that the browser does not show (not :focus-visible) fails', () => {
    expect(judgeFocus(focus({ focusVisible: false })).ratio).toBe(0);
  });
});
