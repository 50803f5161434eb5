/**
 * The share image (scripts/generator/shareImage.ts): drawn by the build from site.yaml, so that a phone changed in
 * the editor is on the picture the next build publishes. Drawn here from a copy of content/ with the phone changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/loader.ts';
import { drawShareImage, shareCard, woffToSfnt } from '../../scripts/generator/shareImage.ts';
import { copyContent } from './contentFixture.ts';

const fontDir = mkdtempSync(path.join(tmpdir(), 'share-fonts-'));
const content = copyContent();
afterAll(() => {
  content.cleanup();
  rmSync(fontDir, { recursive: true, force: true });
});

async function drawn() {
  const loaded = await loadContent(content.root);
  return drawShareImage(shareCard(loaded), { fontDir, contentImages: path.join(content.root, 'images') });
}

describe('the share image', () => {
  it('is a 1200x630 PNG with the name, the phone and the registration line of site.yaml, and changes with the phone', async () => {
    const before = await drawn();
    const meta = await sharp(before.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const words = before.texts.map((layer) => layer.text);
    expect(words).toContain('Hearthside Home Care');
    expect(words).toContain('(860) 555-0142 · Non-Medical Care Services Only');
    // Every text is on the picture.
    for (const layer of before.texts) {
      expect(layer.left).toBeGreaterThanOrEqual(0);
      expect(layer.top).toBeGreaterThanOrEqual(0);
      expect(layer.top).toBeLessThan(630);
    }

    content.edit('site.yaml', /^phone: .*$/m, 'phone: (203) 555-0199');
    const after = await drawn();
    expect(after.texts.map((layer) => layer.text)).toContain('(203) 555-0199 · Non-Medical Care Services Only');
    expect(after.texts.map((layer) => layer.text).join('\n')).not.toContain('555-0142');
    expect(after.png.equals(before.png)).toBe(false);
    // The difference is in the phone's line at the bottom, not elsewhere (the palette the PNG is stored with is
    // chosen for each picture anew: above that line, colours move by a shade at the edges of letters, no more).
    const [a, b] = await Promise.all([before.png, after.png].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
    const phoneLine = after.texts.find((layer) => layer.text.startsWith('(203)'))!;
    const split = phoneLine.top * a!.info.width * a!.info.channels;
    const meanDifference = (from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i += 1) sum += Math.abs(a!.data[i]! - b!.data[i]!);
      return sum / (to - from);
    };
    expect(meanDifference(0, split)).toBeLessThan(1);
    expect(meanDifference(split, a!.data.length)).toBeGreaterThan(4);
  });

  it('is drawn the same from the same content (the build output stays reproducible)', async () => {
    const [one, two] = [await drawn(), await drawn()];
    expect(one.png.equals(two.png)).toBe(true);
  });

  it('escapes the markup of text set in the picture', async () => {
    const loaded = await loadContent(content.root);
    const card = { ...shareCard(loaded), name: 'Smith & Sons <Home> Care' };
    const { png, texts } = await drawShareImage(card, { fontDir, contentImages: path.join(content.root, 'images') });
    expect(texts[0]!.text).toBe('Smith & Sons <Home> Care');
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it('unpacks a WOFF file into a TrueType file and refuses what is not one', () => {
    expect(() => woffToSfnt(Buffer.from('not a font'))).toThrow(/not a WOFF file/);
  });
});
