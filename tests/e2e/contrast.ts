/**
 * What contrast.spec.ts measures with: WCAG 2.2's contrast ratio of two colours as the browser computed them,
 * a colour with alpha laid over what is behind it, and the backgrounds an element stands on (its ancestors'
 * colours and gradients, nearest first). The browser side (collectControls, describeFocus) only reads
 * getComputedStyle and returns strings; the arithmetic happens here, in Node, where it is tested on its own
 * (tests/unit/contrastMath.test.ts).
 */

/** A colour as sRGB channels 0-255 and alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** One element's own background: its computed background-color and background-image. */
export interface Layer {
  color: string;
  image: string;
}

/** One side of a border as computed. */
export interface Side {
  color: string;
  width: number;
  style: string;
}

/** What the browser reports of a control at rest. */
export interface ControlFacts {
  /** e.g. `input[type=email] "Email"`. */
  name: string;
  /** field: a form control, whose edge must show; button: a button whose edge shows only if it draws one. */
  role: 'field' | 'button';
  /** native: a checkbox or radio drawn by the browser (measured from a screenshot); file: a file input. */
  kind: 'box' | 'native' | 'file';
  sides: Side[];
  fill: Layer;
  /** The ancestors' backgrounds, nearest first, up to the first opaque colour. */
  behind: Layer[];
  /** The value of data-contrast-id given to it, to find it again for a screenshot. */
  marker: string;
}

/** What the browser reports of the element that has the keyboard focus. */
export interface FocusFacts {
  name: string;
  focusVisible: boolean;
  outline: { style: string; width: number; color: string; offset: number };
  boxShadow: string;
  fill: Layer;
  behind: Layer[];
  /** A key the element is known by, to tell when Tab has come round to it again. */
  marker: string;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** A computed colour: Chromium gives `rgb(r, g, b)`, `rgba(r, g, b, a)` or `transparent`. */
export function parseColor(value: string): Rgba {
  const text = value.trim();
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{6})$/i.exec(text);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  const match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(text);
  if (!match) throw new Error(`a colour this test cannot read: ${value}`);
  const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] ? 100 : 1);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
}

/** The colours named in a computed background-image (gradient stops), in order; none for `none` or a picture. */
export function gradientColors(image: string): Rgba[] {
  if (!image || image === 'none') return [];
  return [...image.matchAll(/rgba?\([^)]*\)|transparent/g)].map((match) => parseColor(match[0]));
}

/** `top` laid over the opaque `bottom` (source-over). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

/** WCAG 2.2 relative luminance. */
export function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(one: Rgba, two: Rgba): number {
  const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The opaque colours an element may stand on: its ancestors' layers composited from the outermost (the canvas,
 * white, under everything) in. A gradient counts as each of its stops, so the worst of them is what is judged.
 */
export function backgrounds(layers: Layer[]): Rgba[] {
  let candidates: Rgba[] = [WHITE];
  for (const layer of [...layers].reverse()) {
    const color = parseColor(layer.color);
    candidates = candidates.map((below) => composite(color, below));
    const stops = gradientColors(layer.image);
    if (stops.length) candidates = candidates.flatMap((below) => stops.map((stop) => composite(stop, below)));
  }
  return dedupe(candidates);
}

/** `top` laid over each of the backgrounds. */
export function over(top: Rgba, below: Rgba[]): Rgba[] {
  return dedupe(below.map((colour) => composite(top, colour)));
}

/** The lowest ratio of `colour` against any of the backgrounds, and that background. */
export function worstAgainst(colours: Rgba[], below: Rgba[]): { ratio: number; colour: Rgba; background: Rgba } {
  let worst = { ratio: Infinity, colour: colours[0]!, background: below[0]! };
  for (const colour of colours) {
    for (const background of below) {
      const ratio = contrastRatio(colour, background);
      if (ratio < worst.ratio) worst = { ratio, colour, background };
    }
  }
  return worst;
}

export const hex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function dedupe(colours: Rgba[]): Rgba[] {
  const seen = new Map<string, Rgba>();
  for (const colour of colours) seen.set(hex(colour), colour);
  return [...seen.values()];
}

/**
 * In the browser: every visible, enabled form control and button on the page (or inside `scope`), with its
 * border, its own background and its ancestors' backgrounds. Self-contained: Playwright sends its source.
 */
export function collectControls(scope: string | null): ControlFacts[] {
  const root = scope ? document.querySelector(scope) : document;
  if (!root) throw new Error(`nothing matches ${scope}`);
  const opaque = (color: string) => color.startsWith('rgb(') || /,\s*1\)$/.test(color);
  const layerOf = (element: Element) => {
    const style = getComputedStyle(element);
    return { color: style.backgroundColor, image: style.backgroundImage };
  };
  const behindOf = (element: Element) => {
    const layers = [];
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const layer = layerOf(parent);
      layers.push(layer);
      if (opaque(layer.color)) break;
    }
    return layers;
  };
  const sidesOf = (style: CSSStyleDeclaration) =>
    (['Top', 'Right', 'Bottom', 'Left'] as const).map((side) => ({
      color: style.getPropertyValue(`border-${side.toLowerCase()}-color`),
      width: parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)),
      style: style.getPropertyValue(`border-${side.toLowerCase()}-style`),
    }));
  const nameOf = (element: HTMLElement) => {
    const tag = element.tagName.toLowerCase();
    const type = element.getAttribute('type');
    const labels = (element as HTMLInputElement).labels;
    // A label's own words, without those of the select it may wrap (its options).
    const labelled = labels && labels[0] ? [...labels[0].childNodes].filter((node) => !(node instanceof Element && node.matches('select, textarea'))).map((node) => node.textContent).join('') : '';
    const label = element.getAttribute('aria-label') || labelled || element.innerText || element.getAttribute('name') || element.id;
    return `${tag}${type ? `[type=${type}]` : ''} "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  };
  const facts: ControlFacts[] = [];
  const elements = root.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button, summary, [role=button]');
  elements.forEach((element, index) => {
    const rect = element.getBoundingClientRect();
    const shown = element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && rect.width > 0 && rect.height > 0;
    // The forms' honeypot sits far off the page, for bots only.
    const onPage = rect.right + window.scrollX > 0 && rect.bottom + window.scrollY > 0;
    const disabled = element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true' || element.closest('[inert], [aria-hidden="true"]') !== null;
    if (!shown || !onPage || disabled) return;
    const type = (element.getAttribute('type') ?? '').toLowerCase();
    const isButton = !element.matches('input, select, textarea') || ['submit', 'button', 'reset', 'image'].includes(type);
    const kind = type === 'checkbox' || type === 'radio' ? 'native' : type === 'file' ? 'file' : 'box';
    // A file input's edge is its button's (::file-selector-button), drawn inside it.
    const style = kind === 'file' ? getComputedStyle(element, '::file-selector-button') : getComputedStyle(element);
    const marker = `${(scope ?? 'page').replace(/[^\w-]/g, '')}-${index}`;
    element.setAttribute('data-contrast-id', marker);
    facts.push({
      name: nameOf(element),
      role: isButton ? 'button' : 'field',
      kind,
      sides: sidesOf(style),
      fill: kind === 'file' ? { color: style.backgroundColor, image: style.backgroundImage } : layerOf(element),
      behind: kind === 'file' ? [layerOf(element), ...behindOf(element)] : behindOf(element),
      marker,
    });
  });
  return facts;
}

/** In the browser: the focused element's focus indicator and what is around it. Self-contained, as above. */
export function describeFocus(): FocusFacts | null {
  let element = document.activeElement as HTMLElement | null;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as HTMLElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const opaque = (color: string) => color.startsWith('rgb(') || /,\s*1\)$/.test(color);
  const layerOf = (node: Element) => {
    const style = getComputedStyle(node);
    return { color: style.backgroundColor, image: style.backgroundImage };
  };
  const behind = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const layer = layerOf(parent);
    behind.push(layer);
    if (opaque(layer.color)) break;
  }
  const style = getComputedStyle(element);
  const tag = element.tagName.toLowerCase();
  const type = element.getAttribute('type');
  const labels = (element as HTMLInputElement).labels;
  const labelled = labels && labels[0] ? [...labels[0].childNodes].filter((node) => !(node instanceof Element && node.matches('select, textarea'))).map((node) => node.textContent).join('') : '';
  const label = element.getAttribute('aria-label') || labelled || element.innerText || element.getAttribute('name') || element.id;
  const name = `${tag}${type ? `[type=${type}]` : ''} "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  element.dataset.focusKey ??= String(document.querySelectorAll('[data-focus-key]').length);
  return {
    name,
    focusVisible: element.matches(':focus-visible'),
    outline: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor, offset: parseFloat(style.outlineOffset) },
    boxShadow: style.boxShadow,
    fill: layerOf(element),
    behind,
    marker: element.dataset.focusKey,
  };
}

/** A measured ratio and what it was measured between, for the failure list. */
export interface Judgement {
  ratio: number;
  detail: string;
}

const visible = (side: Side) => side.width > 0 && side.style !== 'none' && side.style !== 'hidden' && parseColor(side.color).a > 0;

/** The colours an element's own background shows over what is behind it (a gradient as its stops). */
function fillsOver(fill: Layer, below: Rgba[]): Rgba[] {
  const base = over(parseColor(fill.color), below);
  const stops = gradientColors(fill.image);
  return stops.length ? dedupe(base.flatMap((colour) => over_(stops, colour))) : base;
}
const over_ = (stops: Rgba[], below: Rgba) => stops.map((stop) => composite(stop, below));

/**
 * How well a control's edge stands out from what is around it: the better of its border and its own background
 * (a filled button needs no border), each at its worst against the backgrounds behind it. Null for a button
 * that draws neither (its words are what shows it is there).
 */
export function judgeEdge(facts: ControlFacts): Judgement | null {
  const below = backgrounds(facts.behind);
  const fills = fillsOver(facts.fill, below);
  const fill = worstAgainst(fills, below);
  const sides = facts.sides.filter(visible);
  if (facts.role === 'button' && sides.length === 0 && fill.ratio < 1.1) return null;
  let border: ReturnType<typeof worstAgainst> | undefined;
  for (const side of sides) {
    // A border is painted over the element's own background.
    const measured = worstAgainst(fills.map((colour) => composite(parseColor(side.color), colour)), below);
    if (!border || measured.ratio < border.ratio) border = measured;
  }
  if (border && border.ratio >= fill.ratio) return { ratio: border.ratio, detail: `border ${hex(border.colour)} on ${hex(border.background)}` };
  return { ratio: fill.ratio, detail: sides.length ? `border ${hex(border!.colour)}, background ${hex(fill.colour)} on ${hex(fill.background)}` : `background ${hex(fill.colour)} on ${hex(fill.background)}` };
}

/**
 * A checkbox or radio as the browser drew it: the pixel of its screenshot that stands out most from the
 * background behind it (its outline, or its fill when checked), at the worst of those backgrounds.
 */
export function judgeDrawn(facts: ControlFacts, pixels: { data: Uint8Array | Buffer; channels: number }): Judgement {
  const below = backgrounds(facts.behind);
  let worst: Judgement = { ratio: Infinity, detail: '' };
  for (const background of below) {
    let best = { ratio: 1, colour: background };
    for (let i = 0; i < pixels.data.length; i += pixels.channels) {
      const colour = { r: pixels.data[i]!, g: pixels.data[i + 1]!, b: pixels.data[i + 2]!, a: 1 };
      const ratio = contrastRatio(colour, background);
      if (ratio > best.ratio) best = { ratio, colour };
    }
    if (best.ratio < worst.ratio) worst = { ratio: best.ratio, detail: `drawn ${hex(best.colour)} on ${hex(background)}` };
  }
  return worst;
}

/** The colours of a computed box-shadow's rings drawn round the outside of the element. */
function shadowRings(boxShadow: string): Rgba[] {
  if (!boxShadow || boxShadow === 'none') return [];
  return boxShadow
    .split(/,(?![^(]*\))/)
    .filter((shadow) => !/\binset\b/.test(shadow))
    .flatMap((shadow) => {
      const colour = /rgba?\([^)]*\)/.exec(shadow);
      const lengths = [...shadow.replace(/rgba?\([^)]*\)/, '').matchAll(/(-?[\d.]+)px/g)].map((match) => Number(match[1]));
      const [x = 0, y = 0, , spread = 0] = lengths;
      // A ring all round the element, not a drop shadow cast to one side.
      return colour && spread > 0 && Math.abs(x) < spread && Math.abs(y) < spread ? [parseColor(colour[0])] : [];
    });
}

/**
 * How well the focus indicator stands out from what it is drawn on: the outline (or a box-shadow ring) against
 * the backgrounds behind the element, or, for an outline drawn inside it, against its own background.
 */
export function judgeFocus(facts: FocusFacts): Judgement {
  if (!facts.focusVisible) return { ratio: 0, detail: 'not :focus-visible after Tab' };
  const below = backgrounds(facts.behind);
  const { outline } = facts;
  const rings = outline.style !== 'none' && outline.width > 0 ? [parseColor(outline.color)] : shadowRings(facts.boxShadow);
  if (rings.length === 0) return { ratio: 0, detail: 'no outline or ring' };
  const around = outline.style !== 'none' && outline.offset < 0 ? fillsOver(facts.fill, below) : below;
  // Of two rings (say white and blue), the one that stands out is the indicator.
  const best = rings.map((ring) => worstAgainst(over(ring, around), around)).sort((x, y) => y.ratio - x.ratio)[0]!;
  return { ratio: best.ratio, detail: `${outline.style !== 'none' && outline.width > 0 ? 'outline' : 'ring'} ${hex(best.colour)} on ${hex(best.background)}` };
}
