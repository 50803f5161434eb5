/**
 * The content editor's file formats (src/editor/formats.ts): a save changes only what the editor changed. Comments,
 * quotes, `!placeholder` marks and an MDX body stay as the file had them; a changed value loses its mark.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCE_KEY, fromMdx, fromYaml, toMdx, toYaml } from '../../src/editor/formats.ts';

describe('YAML files', () => {
  it('saved untouched, every real content file comes back byte for byte', () => {
    for (const file of ['content/site.yaml', 'content/faq.yaml', 'content/services/meal-preparation.yaml', 'content/pages/home.yaml', 'content/lists.yaml']) {
      const text = readFileSync(file, 'utf8');
      expect(toYaml(fromYaml(text)), file).toBe(text);
    }
  });

  it('a changed value keeps the comments, the other values and their quotes, and loses its placeholder mark', () => {
    const text = '# yaml-language-server: $schema=../schemas/site.schema.json\nname: "Harbor Light"  # the brand\nphone: !placeholder (860) 555-0100\nemail: !placeholder info@example.com\n';
    const data = fromYaml(text);
    expect(data).toMatchObject({ name: 'Harbor Light', phone: '(860) 555-0100' });
    const saved = toYaml({ ...data, phone: '(860) 555-0199' });
    expect(saved).toBe('# yaml-language-server: $schema=../schemas/site.schema.json\nname: "Harbor Light" # the brand\nphone: (860) 555-0199\nemail: !placeholder info@example.com\n');
  });

  it('a list item added, a field emptied and a key removed are written as such; a new file is plain YAML', () => {
    const text = 'title: A\nitems:\n  - one # first\n  - two\nnote: old\n';
    const saved = toYaml({ ...fromYaml(text), items: ['one', 'two', 'three'], note: '' });
    expect(saved).toBe('title: A\nitems:\n  - one # first\n  - two\n  - three\n');
    expect(toYaml({ title: 'New', card: { icon: 'home', text: '' }, list: [] })).toBe('title: New\ncard:\n  icon: home\nlist: []\n');
  });

  it('never writes the text it was read from into the file', () => {
    const saved = toYaml({ ...fromYaml('a: 1\n'), a: 2 });
    expect(saved).not.toContain(SOURCE_KEY);
    expect(saved).toBe('a: 2\n');
  });
});

describe('MDX files', () => {
  const files = ['content/services/personal-care.mdx', 'content/services/24-hour-care.mdx', 'content/services/transportation.mdx'];

  it('saved untouched, each hand-built page comes back byte for byte', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(toMdx(fromMdx(text)), file).toBe(text);
    }
  });

  it('a front matter edit leaves the body, with its components, byte for byte', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const data = fromMdx(text);
      const saved = toMdx({ ...data, serviceType: 'Changed in the editor' });
      const body = text.slice(text.indexOf('\n---', 3) + 5);
      expect(saved.endsWith(body), file).toBe(true);
      expect(saved).toContain('serviceType: Changed in the editor\n');
      expect(fromMdx(saved).body).toBe(data.body);
    }
  });

  it('a body edit changes the body only', () => {
    const text = '---\ntitle: T # kept\n---\n\n<Callout>Hi</Callout>\n';
    expect(toMdx({ ...fromMdx(text), body: '\n<Callout>Hello</Callout>\n' })).toBe('---\ntitle: T # kept\n---\n\n<Callout>Hello</Callout>\n');
  });
});
