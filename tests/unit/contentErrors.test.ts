/**
 * One test per kind of bad content. Each pins the whole message an editor reads, so a vaguer message, a
 * wrong line number or a lost field fails the test. A message names the field in words first (its label in the
 * content editor, each item of a list by its place and its title), quotes the words at fault in full, and gives
 * the file and line second; 'messages in words' below asserts those qualities on their own.
 */
import { describe, expect, test } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { checkSvg } from '../../src/content/images.ts';
import { loadContent } from '../../src/content/loader.ts';
import { remarkContentIsData } from '../../src/content/mdxBody.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentErrorAfter as errorAfter, type ContentCopy, copyContent, fixtureAs } from './contentFixture.ts';
import { editorCollections, type DecapField } from '../../scripts/generator/editorConfig.ts';

const service = 'services/foot-care.yaml';

describe('a service file', () => {
  test('missing a required field names the field and says it is missing', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: .*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Service type: expected a string, found nothing (the field is missing)  (content/services/foot-care.yaml, line 2)"
    `);
  });

  test('with a number where text belongs names the file, line, column and dotted path', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Podiatrist Visits', 'title: 42'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Title of the 3rd feature: expected a string, found a whole number (42)  (content/services/foot-care.yaml, line 26)"
    `);
  });

  test('with 3 features says exactly 4 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, /  - icon: eye\n(    .*\n){3}/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Features: expected exactly 4 items, found 3  (content/services/foot-care.yaml, line 17)"
    `);
  });

  test('with 5 features says exactly 4 are expected', async () => {
    const extra = '  - icon: eye\n    title: Extra\n    description: One card too many.\n    color: sky\n';
    expect(await errorAfter((c) => c.edit(service, 'inclusions:\n', `${extra}inclusions:\n`))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Features: expected exactly 4 items, found 5  (content/services/foot-care.yaml, line 17)"
    `);
  });

  test('with 7 inclusions says exactly 8 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - Companionship during appointments\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Inclusions: expected exactly 8 items, found 7  (content/services/foot-care.yaml, line 34)"
    `);
  });

  test('with 2 benefits says exactly 3 are expected', async () => {
    expect(await errorAfter((c) => c.edit(service, /  - icon: users\n(    .*\n){3}/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Benefits: expected exactly 3 items, found 2  (content/services/foot-care.yaml, line 43)"
    `);
  });

  test('with a misspelled icon suggests the right name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'icon: heart\n', 'icon: hart\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Icon of the 1st benefit, 'Comfort Every Day': expected an icon name from https://lucide.dev/icons, found "hart" (did you mean "heart"?)  (content/services/foot-care.yaml, line 43)"
    `);
  });

  test('with an icon that does not exist points to the icon library', async () => {
    expect(await errorAfter((c) => c.edit(service, 'hero:\n  icon: footprints', 'hero:\n  icon: stethoscope-x'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Icon of the top of the page: expected an icon name from https://lucide.dev/icons, found "stethoscope-x" (did you mean "stethoscope"?)  (content/services/foot-care.yaml, line 10)"
    `);
  });

  test('with an unknown colour lists the tones', async () => {
    expect(await errorAfter((c) => c.edit(service, 'color: sky', 'color: blue'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Color of the 1st feature, 'Washing and Drying': expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue"  (content/services/foot-care.yaml, line 20)"
    `);
  });

  test('with a misspelled top-level field suggests the right one', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'titel: Foot Care Support at Home'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        Title: expected a string, found nothing (the field is missing)  (content/services/foot-care.yaml, line 2)
        "titel" is not a field here (did you mean "title"?)  (content/services/foot-care.yaml, line 2)"
    `);
  });

  test('with an unknown field inside a card points at that key', async () => {
    expect(await errorAfter((c) => c.edit(service, '    color: teal', '    colour: teal'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        Color of the 2nd feature, 'Comfortable Footwear': expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found nothing  (content/services/foot-care.yaml, line 21)
        The 2nd feature, 'Comfortable Footwear': "colour" is not a field here (did you mean "color"?)  (content/services/foot-care.yaml, line 24)"
    `);
  });

  test('with a description over 160 characters gives the length found', async () => {
    const long = `description: ${'Gentle help for tired feet. '.repeat(7)}`;
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, long))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Description: expected at most 160 characters, found 195; these words go past the limit: "…tired feet. Gentle help for tired feet."  (content/services/foot-care.yaml, line 3)"
    `);
  });

  test('with a description too short for search results gives the length found', async () => {
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, 'description: Foot care.'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Description: expected at least 50 characters, found 10 ("Foot care.")  (content/services/foot-care.yaml, line 3)"
    `);
  });

  test('with keywords written as one line of text asks for a list', async () => {
    expect(await errorAfter((c) => c.edit(service, /keywords:\n(  - .*\n)+/, 'keywords: feet, podiatry\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Keywords: expected a list, found a string ("feet, podiatry")  (content/services/foot-care.yaml, line 4)"
    `);
  });

  test('with noindex written as "yes" asks for true or false', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support\n', 'serviceType: Foot care support\nnoindex: "yes"\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Hide from search engines: expected true or false, found a string ("yes")  (content/services/foot-care.yaml, line 9)"
    `);
  });

  test('that still writes its canonicalPath says the address comes from the file name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType:', 'canonicalPath: /foot-care\nserviceType:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The field "canonicalPath" is no longer used: the page address comes from the file name (this file is the page /foot-care); delete this line  (content/services/foot-care.yaml, line 8)"
    `);
  });

  test('that still writes a pageId says the id comes from the file name', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType:', 'pageId: foot-care\nserviceType:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The field "pageId" is no longer used: the page id comes from the file name (this file's is "foot-care"); delete this line  (content/services/foot-care.yaml, line 8)"
    `);
  });

  test('that still says where it is listed points to content/lists.yaml', async () => {
    expect(await errorAfter((c) => c.edit(service, 'card:\n', 'placement:\n  grid: 3\ncard:\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The field "placement" is no longer used: which services the grids, the header menu and the footer show is in content/lists.yaml; delete this block and put "foot-care" in those lists  (content/services/foot-care.yaml, line 55)"
    `);
  });

  test('copying another page description names the other file', async () => {
    const other = /^description: (.*)$/m.exec(await import('node:fs').then((fs) => fs.readFileSync('content/services/housekeeping.yaml', 'utf8')))![1]!;
    expect(await errorAfter((c) => c.edit(service, /^description: .*$/m, `description: ${other}`))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        Description: expected a description of this page alone, found the same text as content/services/housekeeping.yaml  (content/services/foot-care.yaml, line 3)
        Description: expected a description of this page alone, found the same text as content/services/foot-care.yaml  (content/services/housekeeping.yaml, line 3)"
    `);
  });

  test('that is empty says the fields are missing', async () => {
    expect(await errorAfter((c) => c.write(service, '# nothing yet\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected the fields of this content type, found an empty file  (content/services/foot-care.yaml, line 1)"
    `);
  });

  test('with an upper-case file name explains how to name it', async () => {
    expect(await errorAfter((c) => c.write('services/Foot_Care.yaml', fixtureAs('Foot_Care')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected a file name of lowercase words joined by hyphens (it becomes the page address), found "Foot_Care"  (content/services/Foot_Care.yaml)"
    `);
  });

  test('taking the address of a fixed page is refused', async () => {
    expect(await errorAfter((c) => c.write('services/about.yaml', fixtureAs('about')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected a file name that is not the address of a fixed page, found "about" (/about is taken)  (content/services/about.yaml)"
    `);
  });

  test('with a wrong extension says which extensions are read', async () => {
    expect(await errorAfter((c) => c.write('services/notes.txt', 'to do'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected a .yaml or .mdx file, found a ".txt" extension (rename it, or move it out of content/services)  (content/services/notes.txt)"
    `);
  });
});

describe('a service written as MDX', () => {
  const mdx = 'services/transportation.mdx';

  test('without frontmatter says where it belongs', async () => {
    expect(await errorAfter((c) => c.write(mdx, '<Section title="Rides">\n\nHello\n\n</Section>\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected a frontmatter block between two "---" lines at the top of the file, found none  (content/services/transportation.mdx, line 1)"
    `);
  });

  test('with broken frontmatter YAML gives the line in the .mdx file', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /^serviceType: .*$/m, 'serviceType: [Non-medical'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Service type": the [ that opens here is never closed: a value that starts with [ is read as a list; end it with ], or put the whole value in double quotes  (content/services/transportation.mdx, line 11)
            11 | serviceType: [Non-medical
               |              ^"
    `);
  });

  test('with a tab in the frontmatter gives the line in the .mdx file', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /^  icon: car-front$/m, '\ticon: car-front'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: this line is indented with a tab: indent with spaces only, like the lines around it  (content/services/transportation.mdx, line 13)
            13 | →icon: car-front
               | ^"
    `);
  });

  test('with a wrong frontmatter value gives the line in the .mdx file', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /^serviceType: .*$/m, 'serviceType: 12'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Service type: expected a string, found a whole number (12)  (content/services/transportation.mdx, line 11)"
    `);
  });

  test('using an unknown component names the allowed ones', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /Callout/g, 'Callot'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected one of the components <Section>, <Callout>, found <Callot> (did you mean "Callout"?)  (content/services/transportation.mdx, line 100)"
    `);
  });

  test('with an unclosed tag gives the line of the MDX error', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /<\/Section>/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The MDX cannot be read: Expected a closing tag for \`<Section>\`  (content/services/transportation.mdx, line 64)"
    `);
  });

  test('with an unknown section icon suggests the right name', async () => {
    expect(await errorAfter((c) => c.edit(mdx, /<Section title="([^"]*)" icon="[^"]*"/, '<Section title="$1" icon="carr"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        <Section> expected an icon name from https://lucide.dev/icons, found "carr" (did you mean "car"?)  (content/services/transportation.mdx, line 64)"
    `);
  });

  test('beside a .yaml file of the same name is a duplicate slug', async () => {
    expect(await errorAfter((c) => c.write('services/transportation.yaml', fixtureAs('transportation')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected one file per service, found a second file for "transportation" (also content/services/transportation.mdx)  (content/services/transportation.yaml)"
    `);
  });
});

describe('an MDX body is data, never code', () => {
  const mdx = 'services/transportation.mdx';
  const firstParagraph = 'Your caregiver arrives at the agreed time';

  test('with a {...} expression in the text is refused at its line, and its value is never read', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, 'Your {process.env.HOME} caregiver arrives at the agreed time'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected text, found a {...} expression (content cannot run code; to show a brace, write \\{)  (content/services/transportation.mdx, line 66)"
    `);
  });

  test('with an expression on a line of its own is refused', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, '{require("node:fs").writeFileSync("pwned", "")}\n\n' + firstParagraph))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected text, found a {...} expression (content cannot run code; to show a brace, write \\{)  (content/services/transportation.mdx, line 66)"
    `);
  });

  test('with an expression attribute is refused at the attribute', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section title={`How a ${"Ride"} Works`}'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        <Section> expected title="text" in quotes, found title={...} (content cannot run code; to show a brace, write \\{)  (content/services/transportation.mdx, line 64)"
    `);
  });

  test('with a spread attribute is refused at the attribute', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section {...globalThis} title="How a Ride Works"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        <Section> expected attributes written name="text", found a {...} spread (content cannot run code; to show a brace, write \\{)  (content/services/transportation.mdx, line 64)"
    `);
  });

  test('with an unquoted attribute gives the line and column', async () => {
    expect(await errorAfter((c) => c.edit(mdx, '<Section title="How a Ride Works"', '<Section title=Rides'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The MDX cannot be read: Unexpected character \`R\` (U+0052) before attribute value, expected a character that can start an attribute value, such as \`"\`, \`'\`, or \`{\`  (content/services/transportation.mdx, line 64)"
    `);
  });

  test('with a broken expression gives the line and column', async () => {
    expect(await errorAfter((c) => c.edit(mdx, firstParagraph, 'Your {process.env. caregiver arrives at the agreed time'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The MDX cannot be read: Unexpected end of file in expression, expected a corresponding closing brace for \`{\`  (content/services/transportation.mdx, line 66)"
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

/**
 * A syntax error is said in plain words, at the line the editor has to change (the parser's own position is
 * often a line off, or at the end of the file), with that line shown and a caret under the place.
 * tests/unit/yamlSyntax.test.ts breaks every line of the shipped content in these ways and checks the line.
 */
describe('a YAML syntax error', () => {
  test('a tab used to indent a line says to indent with spaces', async () => {
    expect(await errorAfter((c) => c.edit(service, '  title: Foot Care Support\n', '\ttitle: Foot Care Support\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: this line is indented with a tab: indent with spaces only, like the lines around it  (content/services/foot-care.yaml, line 11)
            11 | →title: Foot Care Support
               | ^"
    `);
  });

  test('an unclosed quote points at the quote that opens, not the end of the file', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot Care Support at Home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": the quote (") that opens here is never closed: end the text with " on the same line  (content/services/foot-care.yaml, line 2)
            2 | title: "Foot Care Support at Home
              |        ^"
    `);
  });

  test('an unclosed quote in a list item names the item', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - Rides to podiatry appointments', '  - "Rides to podiatry appointments'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "The 5th inclusion": the quote (") that opens here is never closed: end the text with " on the same line  (content/services/foot-care.yaml, line 38)
            38 |   - "Rides to podiatry appointments
               |     ^"
    `);
  });

  test('a quote opened before a field name says field names need none', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support', '"serviceType: Foot care support'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: the quote (") that opens here is never closed on its line: end the text with ", or, if this line is a field, delete the quote (field names need none)  (content/services/foot-care.yaml, line 8)
            8 | "serviceType: Foot care support
              | ^"
    `);
  });

  test('a missing colon after a field name shows the line as it should read', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support', 'serviceType Foot care support'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Service type": a colon is missing after "serviceType": write serviceType: Foot care support  (content/services/foot-care.yaml, line 8)
            8 | serviceType Foot care support
              |            ^"
    `);
  });

  test('a missing colon after a field that holds a group is found on its own line', async () => {
    expect(await errorAfter((c) => c.edit(service, 'hero:\n', 'hero\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Top of the page": a colon is missing after "hero": write hero:  (content/services/foot-care.yaml, line 9)
            9 | hero
              |     ^"
    `);
  });

  test('a missing colon in the first field of a list item is found on that line, not the next', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - icon: droplets', '  - icon droplets'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Icon of the 1st feature": a colon is missing after "icon": write - icon: droplets  (content/services/foot-care.yaml, line 17)
            17 |   - icon droplets
               |         ^"
    `);
  });

  test('a missing colon before a note (#) is found on its own line, not the next', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - icon: droplets', '  - icon droplets # the first card'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Icon of the 1st feature": a colon is missing after "icon": write - icon: droplets  (content/services/foot-care.yaml, line 17)
            17 |   - icon droplets # the first card
               |         ^"
    `);
  });

  test('a list item indented less than the items before it gives both indents', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - rides to the podiatrist', ' - rides to the podiatrist'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "The 2nd keyword": this list item is indented 1 space, but the items before it, like line 5, are indented 2 spaces: start every "- " of a list at the same column  (content/services/foot-care.yaml, line 6)
            6 |  - rides to the podiatrist
              |  ^"
    `);
  });

  test('a list item indented more than the items before it gives both indents', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - icon: car-front', '   - icon: car-front'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "The 3rd feature": this list item is indented 3 spaces, but the items before it, like line 21, are indented 2 spaces: start every "- " of a list at the same column  (content/services/foot-care.yaml, line 25)
            25 |    - icon: car-front
               |    ^"
    `);
  });

  test('the first item of a list indented one space too far is the line named, not the one below it', async () => {
    expect(await errorAfter((c) => c.edit(service, '  - icon: droplets', '   - icon: droplets'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "The 1st feature": this list item is indented 3 spaces, but the lines that belong with it (like line 18) are lined up as if it were at 2 spaces: indent it 2 spaces  (content/services/foot-care.yaml, line 17)
            17 |    - icon: droplets
               |    ^"
    `);
  });

  test('a field indented further than the one above it is the line named, not the one above', async () => {
    expect(await errorAfter((c) => c.edit(service, '  title: Foot Care Support\n', '   title: Foot Care Support\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title of the top of the page": this line is indented further than "icon" on line 10, so it is read as part of that line's value: line it up with "icon" (2 spaces), or indent it under the field it belongs to  (content/services/foot-care.yaml, line 11)
            11 |    title: Foot Care Support
               |    ^"
    `);
  });

  test('a field indented less than the fields of its group gives both indents', async () => {
    expect(await errorAfter((c) => c.edit(service, '    description: Warm foot soaks', '   description: Warm foot soaks'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Description of the 1st feature": this line is indented 3 spaces, but the fields it belongs with, like "title" on line 18, are indented 4 spaces: line it up with them  (content/services/foot-care.yaml, line 19)
            19 |    description: Warm foot soaks, careful drying between the toes and clean socks every day.
               |    ^"
    `);
  });

  test('a field of a list item lined up with the dashes says where it could go', async () => {
    expect(await errorAfter((c) => c.edit(service, '    description: Warm foot soaks', '  description: Warm foot soaks'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Description of the 1st feature": this field is indented 2 spaces, like the "- " of the list items above, so it belongs to none of them: line it up with "title" on line 18 (4 spaces) if it belongs to that item, or start it with "- " if it starts a new one  (content/services/foot-care.yaml, line 19)
            19 |   description: Warm foot soaks, careful drying between the toes and clean socks every day.
               |   ^"
    `);
  });

  test('a top-level field indented by a space is the line named (the parser stops at the end of the group before it)', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support', ' serviceType: Foot care support'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Service type": this line is indented 1 space, but the top-level fields, like "keywords" on line 4, start at the first column: remove the spaces before it, or indent it under the field it belongs to  (content/services/foot-care.yaml, line 8)
            8 |  serviceType: Foot care support
              |  ^"
    `);
  });

  test('the first field of the file indented is the line named (the parser stops at the next top-level field)', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', '  title: Foot Care Support at Home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": this field at the top of the file is indented 2 spaces, but the top-level fields after it (like line 3) start at the first column: remove the spaces before it  (content/services/foot-care.yaml, line 2)
            2 |   title: Foot Care Support at Home
              |   ^"
    `);
  });

  test('a field written twice names the line of the first', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support\n', 'serviceType: Foot care support\nserviceType: Feet\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Service type": "serviceType" is written twice in the same place (also on line 8): keep one of them and delete the other  (content/services/foot-care.yaml, line 9)
            9 | serviceType: Feet
              | ^"
    `);
  });

  test('a field written twice in a list item names the item', async () => {
    expect(await errorAfter((c) => c.edit(service, '    color: amber\n', '    color: amber\n    title: Rides\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title of the 3rd feature": "title" is written twice in the same place (also on line 26): keep one of them and delete the other  (content/services/foot-care.yaml, line 29)
            29 |     title: Rides
               |     ^"
    `);
  });

  test('a colon and a space inside a value points at the colon and shows the value quoted', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: Foot Care: Support at Home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a colon followed by a space (": ") inside a value makes it read as a new field: put the whole value in double quotes, e.g. title: "Foot Care: Support at Home"  (content/services/foot-care.yaml, line 2)
            2 | title: Foot Care: Support at Home
              |                 ^"
    `);
  });

  test('a value starting with a character YAML reserves shows the value quoted', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: @home foot care'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a value cannot start with @ (in YAML it is kept for future use): put the whole value in double quotes, e.g. title: "@home foot care"  (content/services/foot-care.yaml, line 2)
            2 | title: @home foot care
              |        ^"
    `);
  });

  test('a value starting with * (an alias in YAML) shows the value quoted', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: *Foot* care at home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a value cannot start with * (in YAML it repeats a value named elsewhere in the file): put the whole value in double quotes, e.g. title: "*Foot* care at home"  (content/services/foot-care.yaml, line 2)
            2 | title: *Foot* care at home
              |        ^"
    `);
  });

  test('a double quote inside double quotes says how to write it', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot "Care" at Home"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a value in double quotes ends at the next ", so the text after it is left over: write a " inside the text as \\", or put the whole value in single quotes  (content/services/foot-care.yaml, line 2)
            2 | title: "Foot "Care" at Home"
              |               ^"
    `);
  });

  test("an apostrophe inside 'single quotes' says how to write it", async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', "title: 'Dad's Foot Care'"))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a value in single quotes ends at the next ', so the text after it is left over: write an apostrophe inside the text as two ('') or put the whole value in double quotes  (content/services/foot-care.yaml, line 2)
            2 | title: 'Dad's Foot Care'
              |             ^"
    `);
  });

  test('text after the closing quote asks to put it inside', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot Care" at Home'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": there is text after the closing quote: put the whole value inside the quotes  (content/services/foot-care.yaml, line 2)
            2 | title: "Foot Care" at Home
              |                    ^"
    `);
  });

  test('a backslash inside double quotes says how to write one', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot Care \\d at Home"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": inside "double quotes" a backslash (\\) starts a special character: write a backslash as \\\\, or put the value in 'single quotes' instead  (content/services/foot-care.yaml, line 2)
            2 | title: "Foot Care \\d at Home"
              |                   ^"
    `);
  });

  test('a # right after a quoted value asks for a space', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Foot Care Support at Home', 'title: "Foot Care"# note'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title": a # starts a note only after a space: put a space before the #, or, if the # belongs to the text, put it inside the quotes  (content/services/foot-care.yaml, line 2)
            2 | title: "Foot Care"# note
              |                   ^"
    `);
  });

  test('an unclosed [ points at the [ (the parser reports the line after it)', async () => {
    expect(await errorAfter((c) => c.edit(service, 'title: Podiatrist Visits', 'title: [Podiatrist Visits'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Title of the 3rd feature": the [ that opens here is never closed: a value that starts with [ is read as a list; end it with ], or put the whole value in double quotes  (content/services/foot-care.yaml, line 26)
            26 |     title: [Podiatrist Visits
               |            ^"
    `);
  });

  test('a line of three dashes says it splits the file', async () => {
    expect(await errorAfter((c) => c.edit(service, 'hero:\n', '---\nhero:\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: a line of three dashes (---) splits the file in two: delete it (a content file holds one set of fields)  (content/services/foot-care.yaml, line 9)
            9 | ---
              | ^"
    `);
  });

  test('anything else still gets a plain sentence at its line', async () => {
    expect(await errorAfter((c) => c.edit(service, 'serviceType: Foot care support', 'serviceType: [Foot care,\n  - support]'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Service type": this line does not fit the layout of the file: check that it is indented with spaces like the lines around it, that a colon and a space follow the field name, and that every quote is closed  (content/services/foot-care.yaml, line 9)
            9 |   - support]
              |   ^"
    `);
  });

  test('a long line is shown cut around the place', async () => {
    expect(await errorAfter((c) => c.edit(service, /^description: (.*)$/m, 'description: $1 Also: rides.'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read at "Description": a colon followed by a space (": ") inside a value makes it read as a new field: put the whole value in double quotes, e.g. description: "Gentle help keeping feet clean, dry and comfortable,..."  (content/services/foot-care.yaml, line 3)
            3 | …nd comfortable, with rides to the podiatrist and a caregiver who notices changes early. Also: rides.
              |                                                                                              ^"
    `);
  });
});

describe('a YAML file with aliases', () => {
  const aliasBomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`)].join('\n');

  test('that would expand exponentially (an alias bomb) is a positioned problem, not a crash', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: (.*)$/m, `serviceType: $1\n${aliasBomb}`))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: its repeated values (*name) repeat other values so many times that the data would be too large: write the values out instead  (content/services/foot-care.yaml, line 10)"
    `);
  });

  test('that refers to an anchor nobody set names the alias', async () => {
    expect(await errorAfter((c) => c.edit(service, /^serviceType: .*$/m, 'serviceType: *missing'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The YAML cannot be read: *missing repeats a value named &missing, but no value above it has that name: write the value out in its place  (content/services/foot-care.yaml, line 8)"
    `);
  });
});

describe('the lists of content/lists.yaml', () => {
  const lists = 'lists.yaml';

  test('naming a service that does not exist suggests the closest one', async () => {
    expect(await errorAfter((c) => c.edit(lists, '  - housekeeping\n', '  - house-keeping\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd grid: expected the name of a file in content/services (without extension), found "house-keeping" (did you mean "housekeeping"?)  (content/lists.yaml, line 8)"
    `);
  });

  test('naming a service twice points at the second and names the first', async () => {
    expect(await errorAfter((c) => c.edit(lists, /(dropdown:\n  - personal-care\n  - )companionship/, '$1personal-care'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd dropdown: expected each service once in the list, found "personal-care" again (also the 1st of this list)  (content/lists.yaml, line 19)"
    `);
  });

  test('with a ninth service on the grid says 8 are expected', async () => {
    expect(await errorAfter((c) => c.edit(lists, '  - post-surgical-recovery\n', '  - post-surgical-recovery\n  - foot-care\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Grid: expected exactly 8 items, found 9  (content/lists.yaml, line 7)"
    `);
  });

  test('with a service taken out of the footer says 5 are expected', async () => {
    expect(await errorAfter((c) => c.edit(lists, /  - 24-hour-care\n$/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Footer: expected exactly 5 items, found 4  (content/lists.yaml, line 26)"
    `);
  });

  test('naming a service file that has problems of its own reports only those', async () => {
    expect(await errorAfter((c) => {
      c.edit(lists, /(footer:\n(  - .*\n){4})  - 24-hour-care\n$/, '$1  - foot-care\n');
      c.edit(service, 'color: sky', 'color: blue');
    })).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Color of the 1st feature, 'Washing and Drying': expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue"  (content/services/foot-care.yaml, line 20)"
    `);
  });

  test('a missing content/lists.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove(lists))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected this file, found nothing (it is missing)  (content/lists.yaml)"
    `);
  });
});

describe('the directory', () => {
  test('linking to a service that does not exist suggests the closest one', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', 'service: housekeeping', 'service: house-keeping'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Service of the 2nd entry: expected the name of a file in content/services (without extension), found "house-keeping" (did you mean "housekeeping"?)  (content/directory.yaml, line 50)"
    `);
  });

  test('using a category that is not a group says how to show it', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', /category: Mobility/, 'category: Mobilty'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        Name of the 11th group: expected a group that at least one entry uses, found none in "Mobility" (it would show an empty heading)  (content/directory.yaml, line 25)
        Category of the 21st entry, 'transportation': expected one of the group names under "groups", found "Mobilty" (did you mean "Mobility"?)  (content/directory.yaml, line 127)"
    `);
  });

  test("repeating the service's own name as a card title asks to delete it", async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', '  - icon: broom\n', '  - icon: broom\n    title: Housekeeping\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Title of the 2nd entry: expected a title only where it differs from the service's own, found "Housekeeping", the title of the card of content/services/housekeeping.yaml (delete this line: that title is used)  (content/directory.yaml, line 49)"
    `);
  });

  test('with a group no entry uses says it would be empty', async () => {
    expect(await errorAfter((c) => c.edit('directory.yaml', 'groups:\n', 'groups:\n  - name: Garden Care\n    description: Help in the garden.\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Name of the 1st group: expected a group that at least one entry uses, found none in "Garden Care" (it would show an empty heading)  (content/directory.yaml, line 5)"
    `);
  });
});

describe('the site and regions files', () => {
  test('a phone number without ten digits shows the expected form', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^phone: .*/m, 'phone: 555-0142'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Phone: expected a US phone number of ten digits, e.g. "(860) 555-0142", found "555-0142"  (content/site.yaml, line 7)"
    `);
  });

  test('a misspelt placeholder tag is named, not read as plain text', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^phone: !placeholder /m, 'phone: !placeholdr '))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Phone: the value starts with "!placeholdr", a mark this site does not know (in YAML, a word starting with ! in front of a value gives the value a type): delete "!placeholdr", or, if it belongs to the words, put the whole value in double quotes. The one mark content uses is !placeholder, in front of a value not given yet  (content/site.yaml, line 7)"
    `);
  });

  test('a placeholder tag on a group of fields asks for it in front of each value', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^forms:$/m, 'forms: !placeholder'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Forms: !placeholder is in front of a group of fields or a list, but it marks one value not given yet (such as a phone number): move it in front of each value still to be given, or delete it  (content/site.yaml, line 54)"
    `);
  });

  test('an invalid e-mail address shows an example', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', /^email: .*/m, 'email: care at example.com'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Email: expected an e-mail address such as "care@example.com", found "care at example.com"  (content/site.yaml, line 8)"
    `);
  });

  test('office hours written as a time range in words ask for opens and closes', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', '    opens: 8:00 am\n    closes: 6:00 pm\n', '    hours: 8:00 am - 6:00 pm\n'))).toMatchInlineSnapshot(`
      "The content has 2 problems:
        The 1st office hour, 'Monday - Friday': expected opens and closes (e.g. "8:00 am" and "6:00 pm"), or closed for days the office is closed (e.g. "Closed"), found neither  (content/site.yaml, line 21)
        The 1st office hour, 'Monday - Friday': "hours" is not a field here; the fields here are "days", "opens", "closes", "closed"  (content/site.yaml, line 22)"
    `);
  });

  test('an opening time in another form shows the expected form', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', 'opens: 8:00 am', 'opens: 8am'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Opens of the 1st office hour, 'Monday - Friday': expected a time such as "8:00 am" or "6:30 pm", found "8am"  (content/site.yaml, line 22)"
    `);
  });

  test('office hours that close before they open give the opening time', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', 'closes: 3:00 pm', 'closes: 3:00 am'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Closes of the 2nd office hour, 'Saturday': expected a time after opens (9:00 am), found "3:00 am"  (content/site.yaml, line 26)"
    `);
  });

  test('an opening time without its closing time asks for it', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', '    closes: 3:00 pm\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Closes of the 2nd office hour, 'Saturday': expected the closing time that goes with opens, e.g. "6:00 pm", found nothing  (content/site.yaml, line 24)"
    `);
  });

  test('a day with both hours and closed words asks for one or the other', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', '    closed: Emergency calls only\n', '    opens: 9:00 am\n    closes: 1:00 pm\n    closed: Emergency calls only\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Closed of the 3rd office hour, 'Sunday': expected either opens and closes, or closed (for a day the office is closed), not both, found "Emergency calls only"  (content/site.yaml, line 30)"
    `);
  });

  test('a range of days that runs backwards says the week runs from Monday', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', 'days: Monday - Friday', 'days: Friday - Monday'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Days of the 1st office hour: expected a range from an earlier day to a later one, e.g. "Monday - Friday" (the week runs from Monday to Sunday), found "Friday - Monday"  (content/site.yaml, line 21)"
    `);
  });

  test('days abbreviated show the expected form', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', 'days: Monday - Friday', 'days: Mon-Fri'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Days of the 1st office hour: expected a day, or a range of days such as "Monday - Friday" (days in full, a hyphen between spaces), found "Mon-Fri"  (content/site.yaml, line 21)"
    `);
  });

  test('a day in two lines of office hours names the other line', async () => {
    expect(await errorAfter((c) => c.edit('site.yaml', 'days: Saturday', 'days: Friday - Saturday'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Days of the 2nd office hour: expected each day in one line only, found Friday again (also in the 1st line of the office hours)  (content/site.yaml, line 24)"
    `);
  });

  test('an office ZIP code written without quotes says to quote it', async () => {
    expect(await errorAfter((c) => c.edit('offices/berlin.yaml', /^  zip: "06037"$/m, '  zip: 06037'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Zip of the address: expected a ZIP code of five digits in quotes, e.g. "06037", found 6037  (content/offices/berlin.yaml, line 8)"
    `);
  });

  test('a missing site.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove('site.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected this file, found nothing (it is missing)  (content/site.yaml)"
    `);
  });

  test('a town listed twice in a county is named', async () => {
    expect(await errorAfter((c) => c.edit('regions.yaml', /(towns:\n\s+- )([^\n]+)\n/, '$1$2\n      - $2\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd town of the 1st county, 'New Haven County': expected each town once per county, found "New Haven" again  (content/regions.yaml, line 6)"
    `);
  });
});

describe('the page and job files', () => {
  test('a page without its meta block names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^meta:\n(  .*\n)+?(?=hero:)/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Search engines (title, description, keywords): expected a group of fields, found nothing (the field is missing)  (content/pages/about.yaml, line 2)"
    `);
  });

  test('a fifth statistic on the about page says exactly 4 are expected', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^stats:\n/m, 'stats:\n  - value: "1"\n    label: One more\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Stats: expected exactly 4 items, found 5  (content/pages/about.yaml, line 45)"
    `);
  });

  test('a missing page file is named', async () => {
    expect(await errorAfter((c) => c.remove('pages/careers.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected this file, found nothing (it is missing)  (content/pages/careers.yaml)"
    `);
  });

  test('a job that closes before it is posted says which date is expected', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, 'validThrough: 2026-10-01'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Valid through: expected a date on or after the date posted (2026-11-01), found 2026-10-01  (content/jobs/companion-caregiver.yaml, line 35)"
    `);
  });

  test('a job with an unknown employment type lists the allowed ones', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /FULL_TIME/, 'FULLTIME'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd employment type: expected one of "FULL_TIME", "PART_TIME", found "FULLTIME" (did you mean "FULL_TIME"?)  (content/jobs/companion-caregiver.yaml, line 5)"
    `);
  });

  test('a pay range whose top is below its bottom names min', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, '$&\npay:\n  min: 22\n  max: 18\n  per: HOUR'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Max of the pay: expected a number of at least min (22), found 18  (content/jobs/companion-caregiver.yaml, line 38)"
    `);
  });

  test('pay written with a dollar sign asks for a number', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, '$&\npay:\n  min: $18\n  per: HOUR'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Min of the pay: expected a number, found a string ("$18")  (content/jobs/companion-caregiver.yaml, line 37)"
    `);
  });

  test('pay counted per an unknown unit lists the units', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, '$&\npay:\n  min: 18\n  per: hourly'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Per of the pay: expected one of "HOUR", "DAY", "WEEK", "MONTH", "YEAR", found "hourly"  (content/jobs/companion-caregiver.yaml, line 38)"
    `);
  });

  test('pay of nothing says at least 1 is expected', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^validThrough: .*$/m, '$&\npay:\n  min: 0\n  per: HOUR'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Min of the pay: expected a number of at least 1, found 0  (content/jobs/companion-caregiver.yaml, line 37)"
    `);
  });

  test('a job date in another format shows the expected form', async () => {
    expect(await errorAfter((c) => c.edit('jobs/companion-caregiver.yaml', /^datePosted: .*$/m, 'datePosted: 11/01/2026'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Date posted: expected a date written YYYY-MM-DD, e.g. "2026-11-01", found "11/01/2026"  (content/jobs/companion-caregiver.yaml, line 34)"
    `);
  });
});

describe('how it works and the questions families ask', () => {
  test('a step without its title names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', '  - title: Call Us\n    text:', '  - text:'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Title of the 1st step: expected a string, found nothing (the field is missing)  (content/how-it-works.yaml, line 6)"
    `);
  });

  test('a fourth step says exactly 3 are expected', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^steps:\n/m, 'steps:\n  - title: One More\n    text: A step too many.\n    image:\n      src: step-call.svg\n      alt: The same picture as the first step, once more\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Steps: expected exactly 3 items, found 4  (content/how-it-works.yaml, line 6)"
    `);
  });

  test('a step picture without its description asks for the alt text', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^      alt: A woman in an armchair.*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        What the picture shows (alt text) of the image of the 1st step, 'Call Us': expected a string, found nothing (the field is missing)  (content/how-it-works.yaml, line 9)"
    `);
  });

  test('a step without its picture names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', /^    image:\n      src: step-visit.svg\n      alt: .*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Image of the 2nd step, 'A Free In-Home Consultation': expected a group of fields, found nothing (the field is missing)  (content/how-it-works.yaml, line 11)"
    `);
  });

  test('a step picture that is not in content/images suggests the closest file', async () => {
    expect(await errorAfter((c) => c.edit('how-it-works.yaml', 'src: step-match.svg', 'src: step-matched.svg'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the 3rd step, 'A Care Plan and a Matched Caregiver': expected a file in content/images/, found no "step-matched.svg" there (did you mean "step-match.svg"?)  (content/how-it-works.yaml, line 19)"
    `);
  });

  test('five questions say at least 6 are expected', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', /^  - question: How can we pay[\s\S]*/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Questions: expected at least 6 items, found 5  (content/faq.yaml, line 7)"
    `);
  });

  test('a question without its question mark asks for one', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', 'question: Is there a minimum visit length?', 'question: Is there a minimum visit length'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        The 2nd question: expected a question, ending in "?", found "Is there a minimum visit length"  (content/faq.yaml, line 9)"
    `);
  });

  test('an answer that gives a price is refused', async () => {
    expect(await errorAfter((c) => c.edit('faq.yaml', 'The cost depends on how many hours', 'Care costs $34 an hour. The cost depends on how many hours'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Answer of the 5th question, 'What does home care cost?': expected no price (the cost depends on the care plan: invite the family to ask us), found "Care costs $34 an hour. The cost depends on how many hours of care you need, on which days, and on the kind of help. Ask us, and we…"  (content/faq.yaml, line 16)"
    `);
  });

  test('a statistic on the about page without its source names the missing field', async () => {
    expect(await errorAfter((c) => c.edit('pages/about.yaml', /^    source: !placeholder No published source.*\n/m, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Source of the 1st stat, 'Americans need home care': expected a string, found nothing (the field is missing)  (content/pages/about.yaml, line 45)"
    `);
  });

  test('a missing faq.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove('faq.yaml'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected this file, found nothing (it is missing)  (content/faq.yaml)"
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
        Code of the 3rd stage, 'Interview booked', of the applications: expected a code used once in the list, found "contacted" a second time (also the 2nd stage)  (content/workflow.yaml, line 15)"
    `);
  });

  test('a list without a closed stage asks for a way to end a record', async () => {
    expect(await errorAfter((c) => inApplications(c, (list) => list.replaceAll('      closed: true\n', '')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Stages of the applications: expected at least one closed stage ("closed: true"): a way to end a record (hired, not a fit), found none (every stage is open)  (content/workflow.yaml, line 9)"
    `);
  });

  test('a list whose first stage is closed says every new record starts there', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'nobody has called or written back yet.\n', 'nobody has called or written back yet.\n      closed: true\n'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Closed of the 1st stage, 'New', of the inquiries: expected the first stage to be open (every new inquiry starts there; move an open stage to the top), found true  (content/workflow.yaml, line 50)"
    `);
  });

  test('a list whose every stage is closed asks for an open one', async () => {
    expect(await errorAfter((c) => inApplications(c, (list) => list.replaceAll('      closed: true\n', '').replace(/(      meaning: .*\n)/g, '$1      closed: true\n')))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Stages of the applications: expected at least one open stage (every new application starts at the first stage), found every stage closed  (content/workflow.yaml, line 9)"
    `);
  });

  test('a spamStage that is not a stage of the list suggests the closest closed stage', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'spamStage: spam', 'spamStage: spm'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Spam stage of the applications: expected the code of a closed stage among the stages of applications ("hired", "not-a-fit", "withdrew", "no-show", "spam"), found "spm", which is not a stage of the list (did you mean "spam"?)  (content/workflow.yaml, line 42)"
    `);
  });

  test('a spamStage naming an open stage asks for a closed one', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'spamStage: spam', 'spamStage: contacted'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Spam stage of the applications: expected the code of a closed stage among the stages of applications ("hired", "not-a-fit", "withdrew", "no-show", "spam"), found "contacted", an open stage (suspected spam is filed away, not worked on)  (content/workflow.yaml, line 42)"
    `);
  });

  test('a successStage that is not a stage of the list suggests the closest closed stage', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'successStage: hired', 'successStage: hird'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Success stage of the applications: expected the code of a closed stage among the stages of applications other than the spam stage ("hired", "not-a-fit", "withdrew", "no-show"), found "hird", which is not a stage of the list (did you mean "hired"?)  (content/workflow.yaml, line 44)"
    `);
  });

  test('a successStage naming an open stage or the spam stage asks for another closed stage', async () => {
    expect(await errorAfter((c) => c.edit(workflow, 'successStage: hired', 'successStage: offer-made'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Success stage of the applications: expected the code of a closed stage among the stages of applications other than the spam stage ("hired", "not-a-fit", "withdrew", "no-show"), found "offer-made", an open stage (a record that went well has ended)  (content/workflow.yaml, line 44)"
    `);
    expect(await errorAfter((c) => c.edit(workflow, 'successStage: became-a-client', 'successStage: spam'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Success stage of the inquiries: expected the code of a closed stage among the stages of inquiries other than the spam stage ("became-a-client", "not-a-fit"), found "spam", the spam stage  (content/workflow.yaml, line 71)"
    `);
  });

  test('a stage without its label names the missing field', async () => {
    expect(await errorAfter((c) => c.edit(workflow, '      label: Interview booked\n', ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Label of the 3rd stage of the applications: expected a string, found nothing (the field is missing)  (content/workflow.yaml, line 15)"
    `);
  });

  test('a missing content/workflow.yaml is named', async () => {
    expect(await errorAfter((c) => c.remove(workflow))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Expected this file, found nothing (it is missing)  (content/workflow.yaml)"
    `);
  });
});

describe('the consent box of content/inquiry-form.yaml', () => {
  const form = 'inquiry-form.yaml';

  test('a version that is not a date says how to write one', async () => {
    expect(await errorAfter((c) => c.edit(form, 'version: 2026-11-25', 'version: second draft'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Version of the consent: expected a date written YYYY-MM-DD, e.g. "2026-11-25", found "second draft"  (content/inquiry-form.yaml, line 47)"
    `);
  });

  test('link words that are not in the details say where they must be', async () => {
    expect(await errorAfter((c) => c.edit(form, 'privacyLink: privacy notice', 'privacyLink: privacy policy'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Privacy link of the consent: expected words that appear in details (they become the link to the privacy notice), found "privacy policy"  (content/inquiry-form.yaml, line 50)"
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
      Service of the 2nd entry: expected the name of a file in content/services (without extension), found "nowhere"  (content/directory.yaml, line 50)
      Color of the 1st feature, 'Washing and Drying': expected one of "rose", "amber", "teal", "sky", "violet", "emerald", "indigo", "orange", found "blue"  (content/services/foot-care.yaml, line 20)
      Title of the 3rd feature: expected a string, found a whole number (42)  (content/services/foot-care.yaml, line 26)
      Email: expected an e-mail address such as "care@example.com", found "nobody"  (content/site.yaml, line 8)"
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
        Picture file of the image of the top of the page: expected a file in content/images/, found no "recovry.svg" there (did you mean "recovery.svg"?)  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('with a file name that is not lowercase words says what a name looks like', async () => {
    expect(await errorAfter(picture('"Our Team.JPG"'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected a file name in content/images/ in lowercase words joined by hyphens, ending in .svg, .jpg, .jpeg, .png, .webp, .avif, e.g. "meals.svg", found "Our Team.JPG"  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('with a short description asks for at least 20 characters', async () => {
    expect(await errorAfter(picture('recovery.svg', 'A man'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        What the picture shows (alt text) of the image of the top of the page: expected at least 20 characters, found 5 ("A man")  (content/services/foot-care.yaml, line 15)"
    `);
  });

  test('whose description starts "Image of" is told screen readers already say so', async () => {
    expect(await errorAfter(picture('recovery.svg', 'Image of a man resting in an armchair'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        What the picture shows (alt text) of the image of the top of the page: expected a description of what the picture shows, without "image of" or "photo of" (screen readers already say it is an image), found "Image of a man resting in an armchair"  (content/services/foot-care.yaml, line 15)"
    `);
  });

  test('without a description names the missing alt', async () => {
    expect(await errorAfter((c) => c.edit(service, /    alt: .*\n/, ''))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        What the picture shows (alt text) of the image of the top of the page: expected a string, found nothing (the field is missing)  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG with a script is refused', async () => {
    expect(await errorAfter(pictureFile('bad.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG picture with nothing that runs or loads from elsewhere (it is served from the site's own address, where a script would run as the site), found content/images/bad.svg holding a script (<script>, line 1), which would run on the site  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG with an event handler or an outside link is refused', async () => {
    for (const svg of ['<svg viewBox="0 0 10 10"><rect onload="alert(1)"/></svg>', '<svg viewBox="0 0 10 10"><image href="https://tracker.example/x.png"/></svg>']) {
      expect(await errorAfter(pictureFile('bad.svg', svg))).toMatch(/Picture file of the image of the top of the page: expected an SVG picture with nothing that runs .*, found content\/images\/bad\.svg holding (an event handler|a link to another file).*  \(content\/services\/foot-care\.yaml, line \d+\)/);
    }
  });

  test('an SVG whose script has a namespace prefix is refused (the regular expressions let <s:script> through)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><s:script>alert(1)</s:script></svg>';
    expect(await errorAfter(pictureFile('bad.svg', svg))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG picture with nothing that runs or loads from elsewhere (it is served from the site's own address, where a script would run as the site), found content/images/bad.svg holding a script (<s:script>, line 1), which would run on the site  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG with a DOCTYPE is refused (an entity of its own could spell out a script)', async () => {
    const svg = '<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">&x;</svg>';
    expect(await errorAfter(pictureFile('bad.svg', svg))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG picture with nothing that runs or loads from elsewhere (it is served from the site's own address, where a script would run as the site), found content/images/bad.svg holding a document type declaration (<!DOCTYPE ...>, line 1), which can define text that turns into a script (delete it: a picture needs none)  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG that is not well-formed XML is refused, saying where', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <g>\n    <circle r="4"/>\n</svg>\n';
    expect(await errorAfter(pictureFile('bad.svg', svg))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG picture written as well-formed XML (the check reads it as XML to be sure nothing in it runs), found content/images/bad.svg broken at line 4, column 6: a closing tag that does not match the tag left open before it  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG whose outermost element is not <svg> in the SVG namespace is refused', async () => {
    expect(await errorAfter(pictureFile('bad.svg', '<svg viewBox="0 0 10 10"><circle r="4"/></svg>'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG picture whose outermost element is <svg xmlns="http://www.w3.org/2000/svg">, found content/images/bad.svg with <svg> without xmlns="http://www.w3.org/2000/svg" (a browser would not draw it)  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('an SVG without a size is refused (the page could not hold its space)', async () => {
    expect(await errorAfter(pictureFile('sizeless.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected an SVG whose <svg> element has a viewBox or a width and height in pixels (the page reserves its space from them), found neither in content/images/sizeless.svg  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('a photo too narrow to look sharp is refused', async () => {
    const sharp = (await import('sharp')).default;
    const narrow = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08060' } }).jpeg().toBuffer();
    expect(await errorAfter(pictureFile('small.jpg', narrow))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected a photo at least 800 pixels wide (it would look blurred), found content/images/small.jpg 400 pixels wide  (content/services/foot-care.yaml, line 14)"
    `);
  });

  test('a file that is not a picture is refused', async () => {
    expect(await errorAfter(pictureFile('notes.jpg', 'these are words, not a picture'))).toMatchInlineSnapshot(`
      "The content has 1 problem:
        Picture file of the image of the top of the page: expected a picture file that can be read, found content/images/notes.jpg unreadable (Input buffer contains unsupported image format)  (content/services/foot-care.yaml, line 14)"
    `);
  });
});

describe('an SVG read as XML (checkSvg)', () => {
  const SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48"';
  const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
  /** What the editor is told after "found content/images/x.svg ", or the size when the SVG is accepted. */
  const verdict = (svg: string) => {
    const checked = checkSvg(svg, 'x.svg');
    return 'problem' in checked ? checked.problem.replace(/^.*, found content\/images\/x\.svg /, '') : checked;
  };

  test.each([
    ['a script with a prefix bound to the SVG namespace', `<svg ${SVG} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`, 'holding a script (<s:script>, line 1), which would run on the site'],
    ['a script in the XHTML namespace', `<svg ${SVG}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`, 'holding a script (<h:script>, line 1), which would run on the site'],
    ['a DOCTYPE whose entity spells a script', `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]><svg ${SVG}>&x;</svg>`, 'holding a document type declaration (<!DOCTYPE ...>, line 1), which can define text that turns into a script (delete it: a picture needs none)'],
    ['a plain DOCTYPE without an internal subset', `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg ${SVG}/>`, 'holding a document type declaration (<!DOCTYPE ...>, line 2), which can define text that turns into a script (delete it: a picture needs none)'],
    ['an xml-stylesheet processing instruction', `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><svg ${SVG}/>`, 'holding an instruction to the browser (<?xml-stylesheet ...?>, line 1), which can load a style sheet or another file'],
    ['a processing instruction inside the picture', `<svg ${SVG}><?php echo 1 ?></svg>`, 'holding an instruction to the browser (<?php ...?>, line 1), which can load a style sheet or another file'],
    ['a foreignObject with a prefix', `<svg ${SVG} xmlns:x="http://www.w3.org/2000/svg"><x:foreignObject width="10" height="10"><p xmlns="http://www.w3.org/1999/xhtml">hi</p></x:foreignObject></svg>`, 'holding a piece of web page (<x:foreignObject>, line 1), which can hold scripts and forms'],
    ['an event handler', `<svg ${SVG}>\n  <rect width="4" height="4" onclick="alert(1)"/>\n</svg>`, 'holding an event handler (onclick="alert(1)", line 2), which would run a script when the picture is shown, touched or clicked'],
    ['an event handler with a prefix', `<svg ${SVG} xmlns:ev="http://www.w3.org/2001/xml-events"><rect ev:onload="alert(1)"/></svg>`, 'holding an event handler (ev:onload="alert(1)", line 1), which would run a script when the picture is shown, touched or clicked'],
    ['an event handler on the root', `<svg ${SVG} onload="alert(1)"/>`, 'holding an event handler (onload="alert(1)", line 1), which would run a script when the picture is shown, touched or clicked'],
    ['a picture from another address', `<svg ${SVG}><image href="https://tracker.example/x.png" width="4" height="4"/></svg>`, 'holding a link to another file or address (href="https://tracker.example/x.png", line 1), which the picture would load or send visitors to'],
    ['an xlink:href to another file', `<svg ${SVG} ${XLINK}><image xlink:href="photo.jpg"/></svg>`, 'holding a link to another file or address (xlink:href="photo.jpg", line 1), which the picture would load or send visitors to'],
    ['an href under another prefix bound to XLink', `<svg ${SVG} xmlns:l="http://www.w3.org/1999/xlink"><a l:href="//evil.example/"><text>go</text></a></svg>`, 'holding a link to another file or address (l:href="//evil.example/", line 1), which the picture would load or send visitors to'],
    ['a src attribute', `<svg ${SVG}><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x.png"/></svg>`, 'holding a link to another file or address (src="x.png", line 1), which the picture would load or send visitors to'],
    ['a <use> of another file', `<svg ${SVG}><use href="icons.svg#heart"/></svg>`, 'holding a copy of part of another file (<use href="icons.svg#heart">, line 1), which the picture would load from elsewhere'],
    ['a javascript: link', `<svg ${SVG}><a href="javascript:alert(1)"><text>x</text></a></svg>`, 'holding a javascript: address (href="javascript:alert(1)", line 1), which would run a script'],
    ['a javascript: link split by a tab', `<svg ${SVG} ${XLINK}><a xlink:href="java&#9;script:alert(1)"><text>x</text></a></svg>`, 'holding a javascript: address (xlink:href="java\\tscript:alert(1)", line 1), which would run a script'],
    ['a data: address', `<svg ${SVG}><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`, 'holding a file packed into a data: address (href="data:image/svg+xml;base64,PHN2Zy8+", line 1), which can carry a page with scripts of its own'],
    ['a data: address among animation values', `<svg ${SVG}><animate attributeName="fill" values="red;data:text/html,x"/></svg>`, 'holding a file packed into a data: address (values="red;data:text/html,x", line 1), which can carry a page with scripts of its own'],
    ['a url() to another address in a style attribute', `<svg ${SVG}><rect style="fill: url('https://tracker.example/p.svg#g')"/></svg>`, `holding a link to another file or address (style="fill: url('https://tracker.example/p.svg#g')", line 1), which the picture would load from elsewhere`],
    ['a url() to another file in a presentation attribute', `<svg ${SVG}><rect fill="url(other.svg#g)"/></svg>`, 'holding a link to another file or address (fill="url(other.svg#g)", line 1), which the picture would load from elsewhere'],
    ['a url() to another address in a <style>', `<svg ${SVG}>\n<style>\n  rect { fill: url("https://tracker.example/p.svg#g") }\n</style>\n</svg>`, 'holding a link to another file or address (url(https://tracker.example/p.svg#g) in <style>, line 2), which the picture would load from elsewhere'],
    ['a url() spelled with a CSS escape in a <style>', `<svg ${SVG}><style>rect { fill: u\\72l(//tracker.example/p.svg) }</style></svg>`, 'holding a link to another file or address (url(//tracker.example/p.svg) in <style>, line 1), which the picture would load from elsewhere'],
    ['an @import in a <style>', `<svg ${SVG}><style><![CDATA[@import "https://evil.example/x.css";]]></style></svg>`, 'holding a style sheet import (@import in <style>, line 1), which would load another file'],
    ['an @import spelled with a CSS escape', `<svg ${SVG}><style>@\\69mport "x.css";</style></svg>`, 'holding a style sheet import (@import in <style>, line 1), which would load another file'],
    ['an <iframe>', `<svg ${SVG}><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></svg>`, 'holding an embedded page (<iframe>, line 1), which can load and run anything'],
    ['an <embed>', `<svg ${SVG}><embed src="x.swf"/></svg>`, 'holding an embedded plug-in or file (<embed>, line 1), which can load and run anything'],
    ['an <object>', `<svg ${SVG}><object data="x.html"/></svg>`, 'holding an embedded plug-in or file (<object>, line 1), which can load and run anything'],
    ['a <set> that changes xlink:href', `<svg ${SVG} ${XLINK}><a xlink:href="#x"><set attributeName="xlink:href" to="#y"/><text>x</text></a></svg>`, 'holding an animation that changes xlink:href (<set attributeName="xlink:href">, line 1), a known way to slip a script or a link into a picture'],
    ['an <animate> of href', `<svg ${SVG}><a href="#x"><animate attributeName="href" values="#y;#z"/></a></svg>`, 'holding an animation that changes href (<animate attributeName="href">, line 1), a known way to slip a script or a link into a picture'],
    ['an <animate> of an event handler', `<svg ${SVG}><rect><animate attributeName="onmouseover" values="alert(1)"/></rect></svg>`, 'holding an animation that changes onmouseover (<animate attributeName="onmouseover">, line 1), a known way to slip a script or a link into a picture'],
    ['an xml:base pointing elsewhere', `<svg ${SVG}><g xml:base="https://evil.example/"><use href="#a"/></g></svg>`, 'holding a link to another file or address (xml:base="https://evil.example/", line 1), which the picture would load or send visitors to'],
  ])('refuses %s', (_name, svg, told) => {
    expect(verdict(svg)).toBe(told);
  });

  test.each([
    ['not well-formed (a tag left open)', `<svg ${SVG}>\n<g>\n</svg>`, 'broken at line 3, column 6: a closing tag that does not match the tag left open before it'],
    ['an entity XML does not know', `<svg ${SVG}><text>a&nbsp;b</text></svg>`, 'broken at line 1, column 73: a named character XML does not know (such as &nbsp;): XML knows only &amp; &lt; &gt; &quot; &apos;, write any other as a number, e.g. &#160;'],
    ['an undeclared prefix', `<svg ${SVG}><x:script>alert(1)</x:script></svg>`, 'broken at line 1, column 70: the prefix x: used without an xmlns:x="..." declaring it'],
    ['empty', '', 'broken at line 1, column 1: no element at all (the file is empty or holds no <svg>)'],
    ['an HTML page', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'with <html> as its outermost element'],
    ['an <svg> in no namespace', '<svg viewBox="0 0 4 4"/>', 'with <svg> without xmlns="http://www.w3.org/2000/svg" (a browser would not draw it)'],
    ['an <svg> in another namespace', '<svg xmlns="http://example.com/not-svg" viewBox="0 0 4 4"/>', 'with <svg> without xmlns="http://www.w3.org/2000/svg" (a browser would not draw it)'],
  ])('refuses a file that is %s', (_name, svg, told) => {
    expect(verdict(svg)).toBe(told);
  });

  test.each([
    ['a <title> and a <desc>', `<svg ${SVG}><title>A kettle</title><desc>Steam rising</desc><path d="M0 0h4v4z"/></svg>`],
    ['gradients filled with url(#id)', `<svg ${SVG}><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="4" height="4"/></clipPath></defs><rect fill="url(#g)" clip-path="url( '#c' )" style="stroke: url(#g)"/></svg>`],
    ['<use href="#id"> and xlink:href="#id"', `<svg ${SVG} ${XLINK}><defs><circle id="dot" r="2"/></defs><use href="#dot" x="4"/><use xlink:href="#dot" x="8"/><a href="#dot"><text>dot</text></a></svg>`],
    ['an XML declaration and comments', `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Drawn for the site; <script> in a comment is only words -->\n<svg ${SVG}><!-- a leaf --><path d="M1 1h2"/></svg>\n`],
    ['a <style> with plain CSS', `<svg ${SVG}><style>\n  .leaf { fill: #3a7; stroke: url(#g); }\n  @media (prefers-color-scheme: dark) { .leaf { fill: #5c9 } }\n</style><path class="leaf" d="M1 1h2"/></svg>`],
    ['elements named like what every object has', `<svg ${SVG}><g><constructor/><__proto__/><toString/></g></svg>`],
    ['a byte order mark, Inkscape namespaces and words like "data:" in a label', `\ufeff<svg ${SVG} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3"><text aria-label="Our data: 2024">Our data: 2024</text></svg>`],
  ])('accepts a safe SVG with %s', (_name, svg) => {
    expect(verdict(svg)).toEqual({ width: 64, height: 48 });
  });

  test('takes the size from width and height in pixels, or else from the viewBox', () => {
    expect(verdict('<svg xmlns="http://www.w3.org/2000/svg" width="640px" height="480" viewBox="0 0 64 48"/>')).toEqual({ width: 640, height: 480 });
    expect(verdict('<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0,0,320.4,200"/>')).toEqual({ width: 320, height: 200 });
  });
});

describe('messages in words', () => {
  /** The labels the content editor shows for a collection's fields, by their path of names. */
  function editorLabel(collection: string, file: string | undefined, names: string[]): string | undefined {
    const found = editorCollections().find((c) => c.name === collection)!;
    let fields: DecapField[] | undefined = file ? found.files!.find((f) => f.name === file)!.fields : found.fields;
    let field: DecapField | undefined;
    for (const name of names) {
      field = fields?.find((f) => f.name === name);
      fields = field?.fields;
    }
    return field?.label;
  }

  test("a FAQ answer with a price names the 4th question by its words, the field by the editor's label, quotes the price whole, and ends with the file and line", async () => {
    const long = `We are glad to help you work out what care costs. ${'Every plan is different, and we talk it through with you first. '.repeat(5)}Most families pay about $38 an hour for visits. Ask us for a plan.`;
    const message = await errorAfter((c) => c.edit('faq.yaml', /(question: Can we change caregivers if it is not a good fit\?\n    answer: ).*/, `$1${long}`));
    expect(message).toContain("Answer of the 4th question, 'Can we change caregivers if it is not a good fit?': expected no price");
    // The label is the one the editor shows for that field.
    expect(editorLabel('agency', 'faq', ['questions', 'answer'])).toBe('Answer');
    // The words at fault are quoted whole, the rest shortened around them.
    expect(message).toContain('about $38 an hour');
    expect(message).toMatch(/found "….*Most families pay about \$38 an hour for visits\. Ask us for a plan\."/);
    expect(message).toMatch(/  \(content\/faq\.yaml, line \d+\)$/);
    expect(message).not.toContain('questions[3]');
  });

  test('a field of a nested item reads naturally, and a long value at fault is quoted in full', async () => {
    const long = 'Podiatrist Visits, With Rides There and Back, and Someone Beside You All the Way';
    const message = await errorAfter((c) => c.edit(service, 'title: Podiatrist Visits', `title: ${long}`));
    // Over the 60 characters of a feature title: the words past the limit are quoted whole.
    expect(message).toMatch(/^  Title of the 3rd feature: expected at most \d+ characters, found \d+; these words go past the limit: "…Beside You All the Way"  \(content\/services\/foot-care\.yaml, line 26\)$/m);
    expect(editorLabel('services', undefined, ['features', 'title'])).toBe('Title');
  });

  test('an unknown YAML tag is told in plain words, at its field', async () => {
    const message = await errorAfter((c) => c.edit(service, 'serviceType: ', 'serviceType: !foo '));
    expect(message).toContain('Service type: the value starts with "!foo", a mark this site does not know');
    expect(message).toContain('delete "!foo", or, if it belongs to the words, put the whole value in double quotes');
    expect(message).toMatch(/  \(content\/services\/foot-care\.yaml, line 8\)/);
  });
});

