/**
 * Reviews, people, offices and awards (issue 42): each refusal with the whole message an editor reads (the field by
 * its editor label, why, the file and line); a consent withdrawn or ended leaves the review off the site with a
 * warning; the office's structured data with and without visitors; the demo's placeholders in the launch check; the
 * owner's record (`npm run check -- --reviews`); the four types in the content editor.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { editorCollections, type DecapField } from '../../scripts/generator/editorConfig.ts';
import type { Content, OfficeEntry } from '../../src/content/content.ts';
import { loadContent } from '../../src/content/loader.ts';
import { formatWarnings, type ContentProblem } from '../../src/content/problems.ts';
import { reservedValues } from '../../src/content/reservedValues.ts';
import { reviewRecord } from '../../src/content/trust/reviewRecord.ts';
import { employeeReviews, peopleInOrder, reviewsFor, selectedReviews } from '../../src/content/trust/trust.ts';
import { normalisedWords } from '../../src/content/trust/reviewSchema.ts';
import { launchProblems, launchReport } from '../../src/launch.ts';
import { officeJsonLd } from '../../src/seo/officeJsonLd.ts';
import { structuredDataProblems } from '../../src/seo/structuredDataRules.ts';
import { contentErrorAfter as errorAfter, copyContent, type ContentCopy } from './contentFixture.ts';

const maria = 'reviews/maria-t-middletown.yaml';
const robert = 'reviews/robert-k-cromwell.yaml';

/** The copy's content with the warnings it gave, on the build date `today`. */
async function loadOn(today: string, change: (copy: ContentCopy) => void): Promise<{ content: Content; warnings: ContentProblem[] }> {
  vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.parse(`${today}T12:00:00Z`) / 1000));
  const copy = copyContent();
  try {
    change(copy);
    let warnings: ContentProblem[] = [];
    const content = await loadContent(copy.root, undefined, (found) => (warnings = found));
    return { content, warnings };
  } finally {
    copy.cleanup();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a review the build refuses', () => {
  test('without the date the consent was given', async () => {
    expect(await errorAfter((c) => c.edit(maria, /^ {2}date: 2026-09-22\n/m, ''))).toBe(
      'The content has 1 problem:\n  Date of the consent: expected a string, found nothing (the field is missing): a review is published only with the date its writer agreed to it on record (keep the signed form or e-mail on file)  (content/reviews/maria-t-middletown.yaml, line 15)',
    );
  });

  test('without the words consented to', async () => {
    expect(await errorAfter((c) => c.edit(maria, /^ {2}words: .*\n/m, ''))).toBe(
      'The content has 1 problem:\n  Words of the consent: expected a string, found nothing (the field is missing): the build publishes only the words the reviewer agreed to; copy them from the consent form or e-mail  (content/reviews/maria-t-middletown.yaml, line 15)',
    );
  });

  test('without any consent on record', async () => {
    expect(await errorAfter((c) => c.edit(maria, /^consent:\n( {2}.*\n)+/m, ''))).toBe(
      "The content has 1 problem:\n  Consent: expected a group of fields, found nothing (the field is missing): a review is published only with its writer's consent on record: the words they agreed to, the date and how (docs/reviews-and-consent.md)  (content/reviews/maria-t-middletown.yaml, line 4)",
    );
  });

  test('whose words differ from the words consented to, showing where', async () => {
    expect(await errorAfter((c) => c.edit(maria, /^quote: (.*)proper supper\. She/m, 'quote: $1proper supper! She'))).toBe(
      'The content has 1 problem:\n  Words of the review: expected exactly the Words of the consent: the reviewer agreed to publish those words and no others, so change neither without asking them again, found "…eats a proper supper! She laughs on the phone agai…" where the consent has "…eats a proper supper. She laughs on the phone agai…"  (content/reviews/maria-t-middletown.yaml, line 4)',
    );
  });

  test('but not for spacing or the style of its quotation marks', async () => {
    expect(normalisedWords('She said \u201Cyes\u201D,\n  and it\u2019s  true')).toBe(normalisedWords('She said "yes", and it\'s true'));
    const { content } = await loadOn('2026-11-29', (c) => {
      c.edit(maria, /^quote: !placeholder "Mom had stopped cooking for herself after Dad died\. /m, 'quote: !placeholder "Mom had stopped cooking for herself after Dad died.\n  ');
      c.edit('reviews/linda-p-wallingford.yaml', /^( {2}words: .*)Alzheimer's/m, '$1Alzheimer\u2019s');
    });
    expect(content.reviews.map((review) => review.slug)).toEqual(expect.arrayContaining(['maria-t-middletown', 'linda-p-wallingford']));
    expect(content.reviews.find((review) => review.slug === 'linda-p-wallingford')!.quote).toContain("Alzheimer's");
  });

  test('naming a service that does not exist', async () => {
    expect(await errorAfter((c) => c.edit(maria, '  - meal-preparation', '  - meal-prep'))).toBe(
      'The content has 1 problem:\n  The 2nd service: expected the name of a file in content/services (without extension), found "meal-prep" (the review is shown on the page of each service it names)  (content/reviews/maria-t-middletown.yaml, line 11)',
    );
  });

  test("by an insider, with the disclosure left blank", async () => {
    expect(await errorAfter((c) => c.edit('reviews/rosa-m-caregiver.yaml', '  kind: employee', '  kind: employee\n  disclosure: ""'))).toBe(
      'The content has 1 problem:\n  Disclosure of the connection: expected the words shown beside the review: a review by an insider (employee) must say so clearly (FTC rule, 16 CFR 465.1); delete the line to show "Written by one of our employees.", found it blank  (content/reviews/rosa-m-caregiver.yaml, line 19)',
    );
  });

  test("by a named client about their care, without each element of a signed authorization", async () => {
    const message = await errorAfter((c) => {
      c.edit(robert, /^ {2}(purpose|rightToRevoke|careNotConditioned|expires): .*\n/gm, '');
      c.edit(robert, 'how: signed form', 'how: e-mail');
    });
    const why = 'a client named with the care they received needs a written authorization they signed';
    expect(message).toBe(
      [
        'The content has 5 problems:',
        `  Purpose of the consent: expected the purpose the signed authorization states: ${why}, found nothing (the field is missing)  (content/reviews/robert-k-cromwell.yaml, line 17)`,
        `  End date of the consent: expected the date the signed authorization ends: ${why}, found nothing (the field is missing)  (content/reviews/robert-k-cromwell.yaml, line 17)`,
        `  Says it may be withdrawn of the consent: expected true (the form tells them they may withdraw it in writing at any time): ${why}, found false  (content/reviews/robert-k-cromwell.yaml, line 17)`,
        `  Says care does not depend on it of the consent: expected true (the form tells them their care does not depend on signing it): ${why}, found false  (content/reviews/robert-k-cromwell.yaml, line 17)`,
        `  How of the consent: expected "signed form": ${why}, found "e-mail"  (content/reviews/robert-k-cromwell.yaml, line 19)`,
      ].join('\n'),
    );
  });

  test('a client who names no service needs no authorization; naming one, they do', async () => {
    const { content } = await loadOn('2026-11-29', (c) => c.edit('reviews/rosa-m-caregiver.yaml', /^ {2}town: Middletown\n/m, '  town: Middletown\n  isClient: true\n'));
    expect(content.reviews.find((review) => review.slug === 'rosa-m-caregiver')!.reviewer.isClient).toBe(true);
    expect(await errorAfter((c) => c.edit(maria, /^ {2}town: Middletown\n/m, '  town: Middletown\n  isClient: true\n'))).toContain(
      'Purpose of the consent: expected the purpose the signed authorization states: a client named with the care they received needs a written authorization they signed, found nothing (the field is missing)  (content/reviews/maria-t-middletown.yaml, line 16)',
    );
  });
});

describe('a consent withdrawn or ended', () => {
  test('takes the review off every page, with a warning naming it, and the record keeps why', async () => {
    const { content, warnings } = await loadOn('2026-11-29', (c) => c.edit(maria, '  expires: 2029-09-22', '  expires: 2029-09-22\n  revoked: 2026-10-02'));
    expect(content.reviews.map((review) => review.slug)).not.toContain('maria-t-middletown');
    expect(reviewsFor(content, 'meal-preparation')).toEqual([]);
    expect(JSON.stringify(content)).not.toContain('Mom had stopped cooking');
    expect(content.reviewsLeftOut).toEqual([{ file: 'content/reviews/maria-t-middletown.yaml', name: 'Maria T.', reason: 'consent revoked on 2026-10-02' }]);
    expect(formatWarnings(warnings)).toBe(
      'The content has 1 warning (the pages are built; look at it all the same):\n  Taken off the site: consent revoked on 2026-10-02. The review by Maria T. is on no page from this build on; keep the file as the record of it, or delete it  (content/reviews/maria-t-middletown.yaml, line 20)',
    );
  });

  test('an expiry before the build date does the same; on the day itself the review is still shown', async () => {
    const expired = await loadOn('2026-11-29', (c) => c.edit(maria, '  expires: 2029-09-22', '  expires: 2026-11-28'));
    expect(expired.content.reviews.map((review) => review.slug)).not.toContain('maria-t-middletown');
    expect(formatWarnings(expired.warnings)).toContain('Taken off the site: consent expired on 2026-11-28. The review by Maria T. is on no page from this build on');
    const lastDay = await loadOn('2026-11-28', (c) => c.edit(maria, '  expires: 2029-09-22', '  expires: 2026-11-28'));
    expect(lastDay.content.reviews.map((review) => review.slug)).toContain('maria-t-middletown');
    expect(lastDay.warnings).toEqual([]);
  });

  test("takes a person off too, when they ask", async () => {
    const { content, warnings } = await loadOn('2026-11-29', (c) => c.edit('people/rosa-m.yaml', '  how: signed form', '  how: signed form\n  revoked: 2026-11-20'));
    expect(content.people.map((person) => person.slug)).not.toContain('rosa-m');
    expect(formatWarnings(warnings)).toContain('Taken off the site: consent revoked on 2026-11-20. Rosa M. is on no page from this build on');
  });
});

describe('people, offices and awards the build refuses', () => {
  test('a person without their consent to appear on record', async () => {
    expect(await errorAfter((c) => c.edit('people/rosa-m.yaml', /^consent:\n( {2}.*\n)+/m, ''))).toBe(
      'The content has 1 problem:\n  Consent: expected a group of fields, found nothing (the field is missing): a person appears on the site only with their consent on record: the date they agreed and how (a signed form or an e-mail)  (content/people/rosa-m.yaml, line 4)',
    );
  });

  test('a person without alt text for the photograph', async () => {
    expect(await errorAfter((c) => c.edit('people/rosa-m.yaml', /^ {2}alt: .*\n/m, ''))).toBe(
      'The content has 1 problem:\n  What the picture shows (alt text) of the photo: expected a string, found nothing (the field is missing)  (content/people/rosa-m.yaml, line 8)',
    );
  });

  test('an office serving a town the regions do not list, or a profile that is not https', async () => {
    expect(await errorAfter((c) => c.edit('offices/berlin.yaml', '  - Durham', '  - Durhm'))).toBe(
      'The content has 1 problem:\n  The 6th town: expected a town listed in content/regions.yaml, found "Durhm" (did you mean "Durham"?)  (content/offices/berlin.yaml, line 16)',
    );
    expect(await errorAfter((c) => c.edit('offices/berlin.yaml', /^googleProfile: .*$/m, 'googleProfile: http://maps.google.com/x'))).toBe(
      'The content has 1 problem:\n  Google Business Profile: expected a web address starting with https://, e.g. "https://g.page/r/your-profile", found "http://maps.google.com/x"  (content/offices/berlin.yaml, line 17)',
    );
  });

  test('an award with stars, or without a link to its issuer', async () => {
    expect(await errorAfter((c) => c.edit('recognition.yaml', '    year: 2026', '    year: 2026\n    stars: 5'))).toBe(
      `The content has 1 problem:\n  The 1st award, 'Family Choice Award': "stars" is not a field here; the fields here are "name", "issuer", "year", "link", "image"  (content/recognition.yaml, line 9)`,
    );
    expect(await errorAfter((c) => c.edit('recognition.yaml', /^ {4}link: .*\n/m, ''))).toBe(
      `The content has 1 problem:\n  Link of the 1st award, 'Family Choice Award': expected a string, found nothing (the field is missing)  (content/recognition.yaml, line 6)`,
    );
  });
});

describe('what the pages are given', () => {
  test('reviews newest first, each service its own, the insiders with their disclosure, people leadership first', async () => {
    const content = await loadContent();
    expect(content.reviews.map((review) => review.date)).toEqual([...content.reviews.map((review) => review.date)].sort().reverse());
    expect(reviewsFor(content, 'meal-preparation').map((review) => review.slug)).toEqual(['maria-t-middletown']);
    expect(employeeReviews(content).map((review) => [review.slug, review.disclosure])).toEqual([['rosa-m-caregiver', 'Written by one of our employees.']]);
    expect(selectedReviews(content, 3).every((review) => review.connection.kind === 'none' && review.disclosure === undefined)).toBe(true);
    expect(peopleInOrder(content).map((person) => `${person.group}: ${person.name}`)).toEqual([
      'leadership: Dana Whitfield',
      'office: Marcus Lee',
      'office: Elena Ruiz',
      'caregiver: Kwame O.',
      'caregiver: Rosa M.',
    ]);
    expect(content.offices[0]!.hours).toEqual(content.site.officeHours);
    expect(content.offices[0]!.phone).toEqual(content.site.phone);
  });
});

describe("an office's structured data", () => {
  const origin = 'https://www.example.com';
  const office = (receivesVisitors: boolean, content: Content): OfficeEntry => ({ ...content.offices[0]!, receivesVisitors });

  test('with visitors: a LocalBusiness with its street address, its hours and no rating or review', async () => {
    const content = await loadContent();
    const block = officeJsonLd(office(true, content), content.site, origin) as unknown as Record<string, unknown>;
    expect(block['@type']).toBe('LocalBusiness');
    expect(block.address).toEqual({ '@type': 'PostalAddress', streetAddress: '100 Example Road, Suite 2', addressLocality: 'Berlin', addressRegion: 'CT', postalCode: '06037', addressCountry: 'US' });
    expect(block.areaServed).toBeUndefined();
    expect(block.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' },
    ]);
    const text = JSON.stringify(block);
    expect(text).not.toMatch(/aggregateRating|"review"|ratingValue/);
    expect(structuredDataProblems(text)).toEqual([]);
  });

  test('without visitors: no street, the towns it serves as its area', async () => {
    const content = await loadContent();
    const block = officeJsonLd(office(false, content), content.site, origin) as unknown as Record<string, unknown>;
    expect(block.address).toEqual({ '@type': 'PostalAddress', addressRegion: 'CT', addressCountry: 'US' });
    expect(block.areaServed).toEqual(['Middletown', 'Cromwell', 'Meriden', 'Wallingford', 'Portland', 'Durham'].map((name) => ({ '@type': 'City', name })));
    expect(JSON.stringify(block)).not.toContain('Example Road');
    expect(structuredDataProblems(JSON.stringify(block))).toEqual([]);
  });
});

describe('the launch check and the owner\'s record', () => {
  test('the launch check lists the demo reviews, people and photographs to replace', async () => {
    const content = await loadContent();
    const report = launchReport(launchProblems({ ...content, reservedValues: reservedValues('content') }, {}));
    for (const file of ['maria-t-middletown', 'robert-k-cromwell', 'j-d-meriden', 'linda-p-wallingford', 'a-s-hamden', 'rosa-m-caregiver']) {
      expect(report).toMatch(new RegExp(`^ {2}Words of the review: a placeholder \\(".*"\\): write the agency's own in its place, without !placeholder {2}\\(content/reviews/${file}\\.yaml, line \\d+\\)$`, 'm'));
      expect(report).toMatch(new RegExp(`^ {2}Name of the reviewer: a placeholder .*\\(content/reviews/${file}\\.yaml, line \\d+\\)$`, 'm'));
      expect(report).toMatch(new RegExp(`^ {2}Words of the consent: a placeholder .*\\(content/reviews/${file}\\.yaml, line \\d+\\)$`, 'm'));
    }
    for (const file of ['dana-whitfield', 'marcus-lee', 'elena-ruiz', 'rosa-m', 'kwame-o']) {
      expect(report).toMatch(new RegExp(`^ {2}Name: a placeholder .*\\(content/people/${file}\\.yaml, line 4\\)$`, 'm'));
      expect(report).toMatch(new RegExp(`^ {2}Picture file of the photo: a placeholder \\("person-placeholder\\.svg"\\).*\\(content/people/${file}\\.yaml, line \\d+\\)$`, 'm'));
    }
    expect(report).toContain('  Name of the 1st award: a placeholder ("Family Choice Award"): write the agency\'s own in its place, without !placeholder  (content/recognition.yaml, line 6)');
  });

  test('npm run check -- --reviews prints each review with its consent and disclosure', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', '--reviews'], { encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1795910400' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Reviews of Hearthside Home Care on the site on 2026-11-29: 6 reviews published, 0 taken off.');
    expect(run.stdout).toContain(
      [
        '2. Rosa M., Caregiver since 2021, Middletown: given by survey on 2026-10-01  (content/reviews/rosa-m-caregiver.yaml)',
        '   DEMO: the words and name are marked !placeholder; this is not a real review, and the launch check refuses it',
        '   Words shown: "I pick the hours that fit around my kids, and when a client needs more than I can give, the office finds someone to share the week. I have never been told to rush a visit."',
        '   Services it speaks of: none named (the agency as a whole)',
        '   Consent: to the words above, exactly; given 2026-10-06 by e-mail; covers this website; no end date',
        '   Connection to the agency: employee; shown beside it: "Written by one of our employees."',
      ].join('\n'),
    );
    expect(run.stdout).toContain(
      '   Written authorization (a client named with the care received): purpose "To show on our website what clients say about the care they received"; may be withdrawn in writing at any time; care does not depend on signing it',
    );
    expect(run.stdout).toContain('Taken off the site: none.');
  });

  test('the record lists the reviews taken off and why, without their words', async () => {
    const { content } = await loadOn('2026-11-29', (c) => c.edit(maria, '  expires: 2029-09-22', '  expires: 2029-09-22\n  revoked: 2026-10-02'));
    const record = reviewRecord(content, '2026-11-29');
    expect(record).toContain('on the site on 2026-11-29: 5 reviews published, 1 taken off.');
    expect(record).toContain('Taken off the site (on no page; the files are kept as the record):\n  - Maria T.: consent revoked on 2026-10-02  (content/reviews/maria-t-middletown.yaml)');
    expect(record).not.toContain('Mom had stopped cooking');
  });
});

describe('the content editor', () => {
  const collections = editorCollections();
  const field = (fields: DecapField[] | undefined, path: string): DecapField | undefined =>
    path.split('.').reduce<DecapField | undefined>((found, name, index) => (index === 0 ? fields : found?.fields)?.find((one) => one.name === name), undefined);

  test('has the reviews, people and offices as folders of entries, and the awards as a file', () => {
    const named = (name: string) => collections.find((collection) => collection.name === name)!;
    expect(['reviews', 'people', 'offices'].map((name) => [named(name).label, named(name).folder, named(name).create])).toEqual([
      ['Reviews', 'content/reviews', true],
      ['People', 'content/people', true],
      ['Offices', 'content/offices', true],
    ]);
    const awards = named('agency').files!.find((file) => file.file === 'content/recognition.yaml')!;
    expect(awards.label).toBe('Awards and badges (recognition)');
    expect(awards.fields.map((one) => one.name)).toEqual(['awards']);
    expect(field(awards.fields, 'awards')!.fields!.map((one) => one.name)).toEqual(['name', 'issuer', 'year', 'link', 'image']);
  });

  test("labels a review's fields as messages name them, the consent's required ones marked", () => {
    const review = collections.find((collection) => collection.name === 'reviews')!.fields;
    expect(field(review, 'quote')).toMatchObject({ label: 'Words of the review', required: true });
    expect(field(review, 'consent.words')).toMatchObject({ label: 'Words', required: true });
    expect(field(review, 'consent.date')).toMatchObject({ label: 'Date', required: true, widget: 'datetime' });
    expect(field(review, 'consent.how')).toMatchObject({ widget: 'select', options: ['signed form', 'e-mail', "the review platform's own terms"] });
    expect(field(review, 'consent.revoked')).toMatchObject({ label: 'Date withdrawn', required: false });
    expect(field(review, 'connection.kind')).toMatchObject({ widget: 'select', options: ['none', 'employee', 'family of an employee', 'given something in return'] });
    expect(field(review, 'reviewer.isClient')).toMatchObject({ label: 'Reviewer is the client', widget: 'boolean', default: false });
    const services = field(review, 'services')!;
    expect(services).toMatchObject({ label: 'Services', widget: 'select', multiple: true, required: false, max: 4 });
    expect(services.options).toContainEqual({ value: 'meal-preparation', label: 'Meal Preparation' });
    const person = collections.find((collection) => collection.name === 'people')!.fields;
    expect(field(person, 'photo.src')).toMatchObject({ widget: 'image' });
    expect(field(person, 'photo.alt')).toMatchObject({ label: 'What the picture shows (alt text)', required: true });
    const office = collections.find((collection) => collection.name === 'offices')!.fields;
    expect(field(office, 'receivesVisitors')).toMatchObject({ label: 'Visitors received here', widget: 'boolean' });
    expect(field(office, 'googleProfile')!.pattern![1]).toContain('https://');
  });
});
