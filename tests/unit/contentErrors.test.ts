/**
 * One test per kind of bad content. Each pins the whole message an editor reads, so a vaguer message, a
 * wrong line number or a lost field path fails the test.
 */
import { describe, expect, test } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { loadContent } from '../../src/content/loader.ts';
import { remarkContentIsData } from '../../src/content/mdxBody.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentErrorAfter as errorAfter, type ContentCopy, copyContent, fixtureAs } from './contentFixture.ts';

const service = 'services/foot-care.yaml';

describe('a service file', () => {
  test('missing a required field names the field and says it is missing', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: .*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:2:1  serviceType  expected a string, found nothing (the field is missing)"
    `);
  });

  test('with a number where text belongs names the file, line, column and dotted path', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Podiatrist Visits', 'title: 42'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:26:12  features[2].title  expected a string, found a whole number (42)"
    `);
  });

  test('with 3 features says exactly 4 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, /  - icon: eye\n(    .*\n){3}/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:17:3  features  expected exactly 4 items, found 3"
    `);
  });

  test('with 5 features says exactly 4 are expected', async () => {
    const extra = '  - icon: eye\n    title: Extra\n    description: One card too many.\n    color: sky\n';
    expect(await errorAfter((c) => c.edit(service, 'inclusions:\n', `${extra}inclusions:\n`))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:17:3  features  expected exactly 4 items, found 5"
    `);
  });

  test('with 7 inclusions says exactly 8 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - Companionship during appointments\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:34:3  inclusions  expected exactly 8 items, found 7"
    `);
  });

  test('with 2 benefits says exactly 3 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, /  - icon: users\n(    .*\n){3}/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:43:3  benefits  expected exactly 3 items, found 2"
    `);
  });

  test('with a misspelled icon suggests the right name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'icon: heart\n', 'icon: hart\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:43:11  benefits[0].icon  expected an icon name from https://lucide.dev/icons, found "hart" (did you mean "heart"?)"
    `);
  });

  test('with an icon that does not exist points to the icon library', async () => {
    expect(await errorAfter((c) => c.edit(service, 'hero:\n  icon: footprints', 'hero:\n  icon: stethoscope-x'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:10:9  hero.icon  expected an icon name from https://lucide.dev/icons, found "stethoscope-x" (did you mean "stethoscope"?)"
    `);
  });

  test('with an unknown colour lists the tones', async () => {
    expect(await errorAfter((c) => c.edit(service, 'color: sky', 'color: blue'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:20:12  features[0].color  expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue""
    `);
  });

  test('with a misspelled top-level field suggests the right one', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'titel: Foot Care Support at Home'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        content/services/foot-care.yaml:2:1  title  expected a string, found nothing (the field is missing)
        content/services/foot-care.yaml:2:1  titel  unknown field "titel" (did you mean "title"?)"
    `);
  });

  test('with an unknown field inside a card points at that key', async () => {
    expect(await errorAfter((c) => c.edit(service, '    color: teal', '    colour: teal'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        content/services/foot-care.yaml:21:5  features[1].color  expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found nothing
        content/services/foot-care.yaml:24:5  features[1].colour  unknown field "colour" (did you mean "color"?)"
    `);
  });

  test('with a description over 160 characters gives the length found', async () => {
    const long = `description: ${'Gentle help for tired feet. '.repeat(7)}`;
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, long))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:3:14  description  expected at most 160 characters, found 195"
    `);
  });

  test('with a description too short for search results gives the length found', async () => {
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, 'description: Foot care.'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:3:14  description  expected at least 50 characters, found 10"
    `);
  });

  test('with keywords written as one line of text asks for a list', async () => {
    expect(await errorAfter((c) => c.edit(service, /keywords:\n(  - .*\n)+/, 'keywords: feet, podiatry\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:4:11  keywords  expected a list, found a string ("feet, podiatry")"
    `);
  });

  test('with noindex written as "yes" asks for true or false', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support\n', 'serviceType: Foot care support\nnoindex: "yes"\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:9:10  noindex  expected true or false, found a string ("yes")"
    `);
  });

  test('that still writes its canonicalPath says the address comes from the file name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType:', 'canonicalPath: /foot-care\nserviceType:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:8:1  canonicalPath  is no longer used: the page address comes from the file name (this file is the page /foot-care); delete this line"
    `);
  });

  test('that still writes a pageId says the id comes from the file name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType:', 'pageId: foot-care\nserviceType:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:8:1  pageId  is no longer used: the page id comes from the file name (this file's is "foot-care"); delete this line"
    `);
  });

  test('that still says where it is listed points to content/lists.yaml', async () => {
    expect(await errorAfter((c) => c.edit(service, 'card:\n', 'placement:\n  grid: 3\ncard:\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:55:1  placement  is no longer used: which services the grids, the header menu and the footer show is in content/lists.yaml; delete this block and put "foot-care" in those lists"
    `);
  });

  test('copying another page description names the other file', async () => {
    const other = /^description: (.*)$/m.exec(await import('node:fs').then((fs) => fs.readFileSync('content/services/housekeeping.yaml', 'utf8')))![1]!;
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, `description: ${other}`))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        content/services/foot-care.yaml:3:14  description  expected a description of this page alone, found the same text as content/services/housekeeping.yaml
        content/services/housekeeping.yaml:3:14  description  expected a description of this page alone, found the same text as content/services/foot-care.yaml"
    `);
  });

  test('with broken YAML gives the line of the syntax error', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot Care Support at Home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:2:8  the YAML cannot be read: Missing closing "quote"
    `);
  });

  test('with the same field twice says so', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support\n', 'serviceType: Foot care support\nserviceType: Feet\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:9:1  the YAML cannot be read: a field is written twice in the same place (keys must be unique)"
    `);
  });

  test('that is empty says the fields are missing', async () => {
    expect(await errorAfter((c) => c.write(service, '# nothing yet\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:1:1  expected the fields of this content type, found an empty file"
    `);
  });

  test('with an upper-case file name explains how to name it', async () => {
    expect(await errorAfter((c) => c.write('services/Foot_Care.yaml', fixtureAs('Foot_Care')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/Foot_Care.yaml  expected a file name of lowercase words joined by hyphens (it becomes the page address), found "Foot_Care""
    `);
  });

  test('taking the address of a fixed page is refused', async () => {
    expect(await errorAfter((c) => c.write('services/about.yaml', fixtureAs('about')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/about.yaml  expected a file name that is not the address of a fixed page, found "about" (/about is taken)"
    `);
  });

  test('with a wrong extension says which extensions are read', async () => {
    expect(await errorAfter((c) => c.write('services/notes.txt', 'to do'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/notes.txt  expected a .yaml or .mdx file, found a ".txt" extension (rename it, or move it out of content/services)"
    `);
  });
});

describe('a service written as MDX', () => {
  const mdx = 'services/transportation.mdx';

  test('without frontmatter says where it belongs', async () => {
    expect(await errorAfter((c) => c.write(mdx, '<Section title="Rides">\n\nHello\n\n</Section>\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:1:1  expected a frontmatter block between two "---" lines at the top of the file, found none"
    `);
  });

  test('with broken frontmatter YAML gives the line in the .mdx file', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /^serviceType: .*$/m, 'serviceType: [Non-medical'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:12:1  the YAML cannot be read: Flow sequence in block collection must be sufficiently indented and end with a ]"
    `);
  });

  test('with a wrong frontmatter value gives the line in the .mdx file', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /^serviceType: .*$/m, 'serviceType: 12'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:11:14  serviceType  expected a string, found a whole number (12)"
    `);
  });

  test('using an unknown component names the allowed ones', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /Callout/g, 'Callot'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:100:1  expected one of the components <Section>, <Callout>, found <Callot> (did you mean "Callout"?)"
    `);
  });

  test('with an unclosed tag gives the line of the MDX error', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /<\/Section>/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:64:1  the MDX cannot be read: Expected a closing tag for \`<Section>\`"
    `);
  });

  test('with an unknown section icon suggests the right name', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /<Section title="([^"]*)" icon="[^"]*"/, '<Section title="$1" icon="carr"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:64:1  <Section> expected an icon name from https://lucide.dev/icons, found "carr" (did you mean "car"?)"
    `);
  });

  test('beside a .yaml file of the same name is a duplicate slug', async () => {
    expect(await errorAfter((c) => c.write('services/transportation.yaml', fixtureAs('transportation')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.yaml  expected one file per service, found a second file for "transportation" (also content/services/transportation.mdx)"
    `);
  });
});

describe('an MDX body is data, never code', () => {
  const mdx = 'services/transportation.mdx';
  const firstParagraph = 'Your caregiver arrives at the agreed time';

  test('with a {...} expression in the text is refused at its line, and its value is never read', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, 'Your {process.env.HOME} caregiver arrives at the agreed time'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:66:6  expected text, found a {...} expression (content cannot run code; to show a brace, write \\{)"
    `);
  });

  test('with an expression on a line of its own is refused', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, '{require("node:fs").writeFileSync("pwned", "")}\n\n' + firstParagraph))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:66:1  expected text, found a {...} expression (content cannot run code; to show a brace, write \\{)"
    `);
  });

  test('with an expression attribute is refused at the attribute', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section title={`How a ${"Ride"} Works`}'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:64:10  <Section> expected title="text" in quotes, found title={...} (content cannot run code; to show a brace, write \\{)"
    `);
  });

  test('with a spread attribute is refused at the attribute', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section {...globalThis} title="How a Ride Works"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:64:10  <Section> expected attributes written name="text", found a {...} spread (content cannot run code; to show a brace, write \\{)"
    `);
  });

  test('with an unquoted attribute gives the line and column', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section title=Rides'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:64:16  the MDX cannot be read: Unexpected character \`R\` (U+0052) before attribute value, expected a character that can start an attribute value, such as \`"\`, \`'\`, or \`{\`"
    `);
  });

  test('with a broken expression gives the line and column', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, 'Your {process.env. caregiver arrives at the agreed time'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/transportation.mdx:66:6  the MDX cannot be read: Unexpected end of file in expression, expected a corresponding closing brace for \`{\`"
    `);
  });

  test('may hold a {/* comment */}, which compiles to nothing', async () => {
    const copy = copyContent();
    try {
      copy.edit(mdx, firstParagraph, '{/* Ask the office before changing this paragraph. */}\n\n' + firstParagraph);
      await expect(loadContent(copy.root)).resolves.toBeDefined();
    } finally {
      copy.cleanup();
    }
  });

  test('the MDX compiler itself refuses an expression (the check cannot be bypassed)', async () => {
    const source = '---\ntitle: x\n---\n\nA {1 + 1} B\n';
    await expect(compile(source, { remarkPlugins: [remarkFrontmatter, remarkContentIsData] })).rejects.toMatchObject({ line: 5, column: 3, reason: expect.stringContaining('expected text, found a {...} expression') });
    await expect(compile('{/* note */}\n\nText\n', { remarkPlugins: [remarkContentIsData] })).resolves.toBeDefined();
  });
});

describe('a YAML file with aliases', () => {
  const aliasBomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`)].join('\n');

  test('that would expand exponentially (an alias bomb) is a positioned problem, not a crash', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: (.*)$/m, `serviceType: $1\n${aliasBomb}`))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:10:8  the YAML cannot be read: its aliases (*name) repeat other values so many times that the data would be too large; write the values out instead"
    `);
  });

  test('that refers to an anchor nobody set names the alias', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: .*$/m, 'serviceType: *missing'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:8:14  the YAML cannot be read: *missing refers to no &missing above it"
    `);
  });
});

describe('the lists of content/lists.yaml', () => {
  const lists = 'lists.yaml';

  test('naming a service that does not exist suggests the closest one', async () => {
    expect(await errorAfter((c) => c.edit(lists, '  - housekeeping\n', '  - house-keeping\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/lists.yaml:8:5  grid[1]  expected the name of a file in content/services (without extension), found "house-keeping" (did you mean "housekeeping"?)"
    `);
  });

  test('naming a service twice points at the second and names the first', async () => {
    expect(await errorAfter((c) => c.edit(lists, /(dropdown:\n  - personal-care\n  - )companionship/, '$1personal-care'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/lists.yaml:19:5  dropdown[1]  expected each service once in the list, found "personal-care" again (also dropdown[0])"
    `);
  });

  test('with a ninth service on the grid says 8 are expected', async () => {
    expect(await errorAfter((c) => c.edit(lists, '  - post-surgical-recovery\n', '  - post-surgical-recovery\n  - foot-care\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/lists.yaml:7:3  grid  expected exactly 8 items, found 9"
    `);
  });

  test('with a service taken out of the footer says 5 are expected', async () => {
    expect(await errorAfter((c) => c.edit(lists, /  - 24-hour-care\n$/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/lists.yaml:26:3  footer  expected exactly 5 items, found 4"
    `);
  });

  test('naming a service file that has problems of its own reports only those', async () => {
    expect(await errorAfter((c) => {
      c.edit(lists, /(footer:\n(  - .*\n){4})  - 24-hour-care\n$/, '$1  - foot-care\n');
      c.edit(service, 'color: sky', 'color: blue');
    })).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:20:12  features[0].color  expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue""
    `);
  });

  test('a missing content/lists.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove(lists))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/lists.yaml  expected this file, found nothing (it is missing)"
    `);
  });
});

describe('the directory', () => {
  test('linking to a service that does not exist suggests the closest one', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', 'service: housekeeping', 'service: house-keeping'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/directory.yaml:50:14  entries[1].service  expected the name of a file in content/services (without extension), found "house-keeping" (did you mean "housekeeping"?)"
    `);
  });

  test('using a category that is not a group says how to show it', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', /category: Mobility/, 'category: Mobilty'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        content/directory.yaml:25:11  groups[10].name  expected a group that at least one entry uses, found none in "Mobility" (it would show an empty heading)
        content/directory.yaml:127:15  entries[20].category  expected one of the group names under "groups", found "Mobilty" (did you mean "Mobility"?)"
    `);
  });

  test("repeating the service's own name as a card title asks to delete it", async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', '  - icon: broom\n', '  - icon: broom\n    title: Housekeeping\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/directory.yaml:49:12  entries[1].title  expected a title only where it differs from the service's own, found "Housekeeping", the card.title of content/services/housekeeping.yaml (delete this line: that title is used)"
    `);
  });

  test('with a group no entry uses says it would be empty', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', 'groups:\n', 'groups:\n  - name: Garden Care\n    description: Help in the garden.\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/directory.yaml:5:11  groups[0].name  expected a group that at least one entry uses, found none in "Garden Care" (it would show an empty heading)"
    `);
  });
});

describe('the site and regions files', () => {
  test('a phone number without ten digits shows the expected form', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^phone: .*/m, 'phone: 555-0142'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/site.yaml:7:8  phone  expected a US phone number of ten digits, e.g. "(860) 555-0142", found "555-0142""
    `);
  });

  test('an invalid e-mail address shows an example', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^email: .*/m, 'email: care at example.com'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/site.yaml:8:8  email  expected an e-mail address such as "care@example.com", found "care at example.com""
    `);
  });

  test('a missing site.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove('site.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/site.yaml  expected this file, found nothing (it is missing)"
    `);
  });

  test('a town listed twice in a county is named', async () => {
    expect(await errorAfter((c) => c.edit('regions.yaml', /(towns:\n\s+- )([^\n]+)\n/, '$1$2\n      - $2\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/regions.yaml:6:9  counties[0].towns[1]  expected each town once per county, found "New Haven" again"
    `);
  });
});

describe('the page and job files', () => {
  test('a page without its meta block names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^meta:\n(  .*\n)+?(?=hero:)/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/pages/about.yaml:2:1  meta  expected a group of fields, found nothing (the field is missing)"
    `);
  });

  test('a fifth statistic on the about page says exactly 4 are expected', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^stats:\n/m, 'stats:\n  - value: "1"\n    label: One more\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/pages/about.yaml:45:3  stats  expected exactly 4 items, found 5"
    `);
  });

  test('a missing page file is named', async () => {
    expect(await errorAfter((c) => c.remove('pages/careers.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/pages/careers.yaml  expected this file, found nothing (it is missing)"
    `);
  });

  test('a job that closes before it is posted says which date is expected', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, 'validThrough: 2026-10-01'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/jobs/companion-caregiver.yaml:35:15  validThrough  expected a date on or after datePosted (2026-11-01), found 2026-10-01"
    `);
  });

  test('a job with an unknown employment type lists the allowed ones', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /FULL_TIME/, 'FULLTIME'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/jobs/companion-caregiver.yaml:5:5  employmentTypes[1]  expected one of "FULL_TIME", "PART_TIME", found "FULLTIME" (did you mean "FULL_TIME"?)"
    `);
  });

  test('a job date in another format shows the expected form', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^datePosted: .*$/m, 'datePosted: 11/01/2026'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/jobs/companion-caregiver.yaml:34:13  datePosted  expected a date written YYYY-MM-DD, e.g. "2026-11-01", found "11/01/2026""
    `);
  });
});

describe('how it works and the questions families ask', () => {
  test('a step without its title names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', '  - title: Call Us\n    text:', '  - text:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/how-it-works.yaml:6:5  steps[0].title  expected a string, found nothing (the field is missing)"
    `);
  });

  test('a fourth step says exactly 3 are expected', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^steps:\n/m, 'steps:\n  - title: One More\n    text: A step too many.\n    image:\n      src: step-call.svg\n      alt: The same picture as the first step, once more\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/how-it-works.yaml:6:3  steps  expected exactly 3 items, found 4"
    `);
  });

  test('a step picture without its description asks for the alt text', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^      alt: A woman in an armchair.*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/how-it-works.yaml:9:7  steps[0].image.alt  expected a string, found nothing (the field is missing)"
    `);
  });

  test('a step without its picture names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^    image:\n      src: step-visit.svg\n      alt: .*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/how-it-works.yaml:11:5  steps[1].image  expected a group of fields, found nothing (the field is missing)"
    `);
  });

  test('a step picture that is not in content/images suggests the closest file', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', 'src: step-match.svg', 'src: step-matched.svg'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/how-it-works.yaml:19:12  steps[2].image.src  expected a file in content/images/, found no "step-matched.svg" there (did you mean "step-match.svg"?)"
    `);
  });

  test('five questions say at least 6 are expected', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', /^  - question: How can we pay[\s\S]*/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/faq.yaml:7:3  questions  expected at least 6 items, found 5"
    `);
  });

  test('a question without its question mark asks for one', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', 'question: Is there a minimum visit length?', 'question: Is there a minimum visit length'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/faq.yaml:9:15  questions[1].question  expected a question, ending in "?", found "Is there a minimum visit length""
    `);
  });

  test('an answer that gives a price is refused', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', 'The cost depends on how many hours', 'Care costs $34 an hour. The cost depends on how many hours'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/faq.yaml:16:13  questions[4].answer  expected no price (the cost depends on the care plan: invite the family to ask us), found "Care costs $34 an hour. The cost depends on how many hour...""
    `);
  });

  test('a statistic on the about page without its source names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^    source: Figure for the agency to confirm.\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/pages/about.yaml:45:5  stats[0].source  expected a string, found nothing (the field is missing)"
    `);
  });

  test('a missing faq.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove('faq.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/faq.yaml  expected this file, found nothing (it is missing)"
    `);
  });
});

describe('the workflow stages of content/workflow.yaml', () => {
  const workflow = 'workflow.yaml';
  /** Changes the applications list only (the inquiries list has stages of the same names). */
  const inApplications = (c: ContentCopy, change: (list: string) => string) => {
    const [applications, inquiries] = c.read(workflow).split(/^(?=inquiries:)/m);
    c.write(workflow, change(applications!) + inquiries);
  };

  test('a stage code used twice in a list points at the second and names the first', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'code: interview-booked', 'code: contacted'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:15:13  applications.stages[2].code  expected a code used once in the list, found "contacted" a second time (also applications.stages[1])"
    `);
  });

  test('a list without a closed stage asks for a way to end a record', async () => {
    expect(await errorAfter((c) => inApplications(c, (list) => list.replaceAll('      closed: true\n', '')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:9:5  applications.stages  expected at least one closed stage ("closed: true"): a way to end a record (hired, not a fit), found none (every stage is open)"
    `);
  });

  test('a list whose first stage is closed says every new record starts there', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'nobody has called or written back yet.\n', 'nobody has called or written back yet.\n      closed: true\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:38:15  inquiries.stages[0].closed  expected the first stage to be open (every new inquiry starts there; move an open stage to the top), found true"
    `);
  });

  test('a list whose every stage is closed asks for an open one', async () => {
    expect(await errorAfter((c) => inApplications(c, (list) => list.replaceAll('      closed: true\n', '').replace(/(      meaning: .*\n)/g, '$1      closed: true\n')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:9:5  applications.stages  expected at least one open stage (every new application starts at the first stage), found every stage closed"
    `);
  });

  test('a spamStage that is not a stage of the list suggests the closest closed stage', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'spamStage: spam', 'spamStage: spm'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:57:14  inquiries.spamStage  expected the code of a closed stage in inquiries.stages ("became-a-client", "not-a-fit", "spam"), found "spm", which is not a stage of the list (did you mean "spam"?)"
    `);
  });

  test('a spamStage naming an open stage asks for a closed one', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'spamStage: spam', 'spamStage: contacted'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:57:14  inquiries.spamStage  expected the code of a closed stage in inquiries.stages ("became-a-client", "not-a-fit", "spam"), found "contacted", an open stage (suspected spam is filed away, not worked on)"
    `);
  });

  test('a stage without its label names the missing field', async () => {
    expect(await errorAfter((c) => c.edit(workflow, '      label: Interview booked\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml:15:7  applications.stages[2].label  expected a string, found nothing (the field is missing)"
    `);
  });

  test('a missing content/workflow.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove(workflow))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/workflow.yaml  expected this file, found nothing (it is missing)"
    `);
  });
});

test('every problem in every file is listed at once, sorted by file and line', async () => {
  const message = await errorAfter((c) => {
    c.edit(service, 'color: sky', 'color: blue');
    c.edit(service, 'title: Podiatrist Visits', 'title: 42');
    c.edit('site.yaml', /^email: .*/m, 'email: nobody');
    c.edit('directory.yaml', 'service: housekeeping', 'service: nowhere');
  });
  expect(message).toMatchInlineSnapshot(`
    "The content has 4 problems:
      content/directory.yaml:50:14  entries[1].service  expected the name of a file in content/services (without extension), found "nowhere"
      content/services/foot-care.yaml:20:12  features[0].color  expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue"
      content/services/foot-care.yaml:26:12  features[2].title  expected a string, found a whole number (42)
      content/site.yaml:8:8  email  expected an e-mail address such as "care@example.com", found "nobody""
  `);
});

describe('a picture', () => {
  const picture = (src: string, alt = 'An older man resting in an armchair with a blanket while a caregiver brings him tea') =>
    (c: ContentCopy) => c.edit(service, /    src: recovery\.svg\n    alt: .*\n/, `    src: ${src}\n    alt: ${alt}\n`);
  /** A file put in content/images/ and named by the service's hero. */
  const pictureFile = (file: string, contents: string | Buffer) => (c: ContentCopy) => {
    writeFileSync(path.join(c.root, 'images', file), contents);
    picture(file)(c);
  };

  test('naming a file that is not in content/images suggests the closest one', async () => {
    expect(await errorAfter(picture('recovry.svg'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected a file in content/images/, found no "recovry.svg" there (did you mean "recovery.svg"?)"
    `);
  });

  test('with a file name that is not lowercase words says what a name looks like', async () => {
    expect(await errorAfter(picture('"Our Team.JPG"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected a file name in content/images/ in lowercase words joined by hyphens, ending in .svg, .jpg, .jpeg, .png, .webp, .avif, e.g. "meals.svg", found "Our Team.JPG""
    `);
  });

  test('with a short description asks for at least 20 characters', async () => {
    expect(await errorAfter(picture('recovery.svg', 'A man'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:15:10  hero.image.alt  expected at least 20 characters, found 5"
    `);
  });

  test('whose description starts "Image of" is told screen readers already say so', async () => {
    expect(await errorAfter(picture('recovery.svg', 'Image of a man resting in an armchair'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:15:10  hero.image.alt  expected a description of what the picture shows, without "image of" or "photo of" (screen readers already say it is an image), found "Image of a man resting in an armchair""
    `);
  });

  test('without a description names the missing alt', async () => {
    expect(await errorAfter((c) => c.edit(service, /    alt: .*\n/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:5  hero.image.alt  expected a string, found nothing (the field is missing)"
    `);
  });

  test('an SVG with a script is refused', async () => {
    expect(await errorAfter(pictureFile('bad.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected a picture without a <script> element (an SVG is served from the site's own address, where it could run code), found one in content/images/bad.svg"
    `);
  });

  test('an SVG with an event handler or an outside link is refused', async () => {
    for (const svg of ['<svg viewBox="0 0 10 10"><rect onload="alert(1)"/></svg>', '<svg viewBox="0 0 10 10"><image href="https://tracker.example/x.png"/></svg>']) {
      expect(await errorAfter(pictureFile('bad.svg', svg))).toMatch(/content\/services\/foot-care\.yaml:\d+:\d+  hero\.image\.src  expected a picture without (an event handler|a link to another file)/);
    }
  });

  test('an SVG without a size is refused (the page could not hold its space)', async () => {
    expect(await errorAfter(pictureFile('sizeless.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected an SVG whose <svg> element has a viewBox or a width and height in pixels (the page reserves its space from them), found neither in content/images/sizeless.svg"
    `);
  });

  test('a photo too narrow to look sharp is refused', async () => {
    const sharp = (await import('sharp')).default;
    const narrow = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08060' } }).jpeg().toBuffer();
    expect(await errorAfter(pictureFile('small.jpg', narrow))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected a photo at least 800 pixels wide (it would look blurred), found content/images/small.jpg 400 pixels wide"
    `);
  });

  test('a file that is not a picture is refused', async () => {
    expect(await errorAfter(pictureFile('notes.jpg', 'these are words, not a picture'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        content/services/foot-care.yaml:14:10  hero.image.src  expected a picture file that can be read, found content/images/notes.jpg unreadable (Input buffer contains unsupported image format)"
    `);
  });
});
