/** The real content: every service of the spec is there, and the listings and regions have the spec's sizes. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { jsonSchemas } from '../../src/content/jsonSchemas.ts';
import { servicesIn } from '../../src/content/listings.ts';
import { loadContent } from '../../src/content/loader.ts';
import { ContentError } from '../../src/content/problems.ts';
import { serviceScaffold } from '../../scripts/new-service.ts';
import { FORM_CHOICES_FILE, formChoicesModule } from '../../src/forms/formChoices.ts';
import { WORKFLOW_SQL_FILE, workflowSql } from '../../src/workflow/stagesSql.ts';
import { copyContent } from './contentFixture.ts';

const SPEC_SLUGS = [
  'meal-preparation', 'housekeeping', 'companionship', 'transportation', 'personal-care', '24-hour-care',
  'post-surgical-recovery', 'cancer-treatment-support', 'caregiver-respite', 'chronic-illness-support',
  'mental-health-support', 'postpartum-care', 'neurodiverse-support', 'technology-assistance',
  'appointment-scheduling', 'diet-monitoring', 'acute-illness-recovery', 'injury-recovery',
  'early-dementia-care', 'bereavement-support', 'isolation-prevention', 'medication-reminders',
  'safety-monitoring', 'routine-establishment', 'medical-transport', 'grocery-shopping',
  'pet-care-assistance', 'holiday-support', 'emergency-response', 'exercise-support', 'cognitive-activities',
];

const content = await loadContent();

describe('the content', () => {
  test('has the 31 service pages of the spec, at the spec paths', () => {
    expect(content.services.map((s) => s.slug).sort()).toEqual([...SPEC_SLUGS].sort());
    for (const service of content.services) expect([service.canonicalPath, service.pageId]).toEqual([`/${service.slug}`, service.slug]);
  });

  test('writes transportation, personal care and 24-hour care as MDX with sections of their own', () => {
    const mdx = content.services.filter((s) => s.format === 'mdx').map((s) => s.slug).sort();
    expect(mdx).toEqual(['24-hour-care', 'personal-care', 'transportation']);
  });

  test('gives 8 services to the grids, 5 to the header menu and 5 to the footer, in the order of content/lists.yaml', () => {
    const slugs = (list: 'grid' | 'dropdown' | 'footer') => servicesIn(content, list).map((s) => s.slug);
    expect(slugs('grid')).toEqual([
      'meal-preparation', 'housekeeping', 'companionship', 'transportation',
      'personal-care', '24-hour-care', 'early-dementia-care', 'post-surgical-recovery',
    ]);
    expect(slugs('dropdown')).toEqual(['personal-care', 'companionship', '24-hour-care', 'meal-preparation', 'transportation']);
    expect(slugs('footer')).toEqual(['personal-care', 'companionship', 'meal-preparation', 'housekeeping', '24-hour-care']);
  });

  test('lists 30 directory entries, each under a group, and shows every group the spec names', () => {
    expect(content.directory.entries).toHaveLength(30);
    const groups = content.directory.groups.map((g) => g.name);
    expect(groups.slice(0, 10)).toEqual([
      'Daily Living', 'Personal Care', 'Medical Support', 'Recovery Support', 'Social Support',
      'Specialized Care', 'Mental Health', 'Chronic Care', 'Safety Services', 'Health Support',
    ]);
    for (const entry of content.directory.entries) expect(groups).toContain(entry.category);
  });

  test('serves the four counties with 14, 14, 10 and 10 towns', () => {
    expect(content.regions.counties.map((c) => [c.name, c.towns.length])).toEqual([
      ['New Haven County', 14], ['Middlesex County', 14], ['New London County', 10], ['Fairfield County', 10],
    ]);
  });

  test('keeps the registration and its label as the spec gives them', () => {
    expect(content.site.registration).toEqual({ number: 'HCA.0002676', label: 'Non-Medical Care Services Only' });
    expect(content.site.forms?.region).toBe('na2');
  });

  test('covers the six kinds of surgery on the post-surgical page and Parkinson\'s on the early-dementia page', () => {
    const text = (slug: string) => JSON.stringify(content.services.find((s) => s.slug === slug)).toLowerCase();
    for (const kind of ['orthopedic', 'arthroscopic', 'cataract', 'outpatient', 'dental', 'cosmetic']) {
      expect(text('post-surgical-recovery')).toContain(kind);
    }
    expect(text('early-dementia-care')).toContain("parkinson's");
    expect(text('mental-health-support')).toContain('companion');
  });
});

describe('the fixed pages and the openings', () => {
  test('the home hero and the about page say what the spec says', () => {
    expect(content.pages.home.hero.title).toBe('Care That Feels Like Family');
    expect(content.pages.about.values.map((v) => v.title)).toEqual(['Compassion', 'Dependability', 'Dignity', 'Integrity']);
    expect(content.pages.about.stats.map((s) => s.value)).toEqual(['10M+', '90%', '24/7', '100%']);
    expect(content.pages.careers.hero.badge).toBe('Connecticut Licensed HCA.0002676');
  });

  test('the two openings are the spec\'s, with full- and part-time work', () => {
    expect(content.jobs.map((j) => j.title)).toEqual(['Care Scheduling Coordinator', 'Companion Caregiver']);
    for (const job of content.jobs) expect([...job.employmentTypes].sort()).toEqual(['FULL_TIME', 'PART_TIME']);
    expect(JSON.stringify(content.jobs[1])).toMatch(/CNA, HHA or PCA/);
  });

  test('no two pages share a search description', () => {
    const descriptions = [...Object.values(content.pages).map((p) => p.meta.description), ...content.services.map((s) => s.description)];
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe('the workflow stages', () => {
  test('start every application and inquiry at "new", end them at closed stages, and file spam under one', () => {
    const codes = (list: 'applications' | 'inquiries', closed: boolean) => content.workflow[list].stages.filter((s) => s.closed === closed).map((s) => s.code);
    expect(codes('applications', false)).toEqual(['new', 'contacted', 'interview-booked', 'offer-made']);
    expect(codes('applications', true)).toEqual(['hired', 'not-a-fit', 'withdrew', 'no-show', 'spam']);
    expect(codes('inquiries', false)).toEqual(['new', 'contacted', 'assessment-booked']);
    expect(codes('inquiries', true)).toEqual(['became-a-client', 'not-a-fit', 'spam']);
    expect(content.workflow.inquiries.spamStage).toBe('spam');
  });
});

describe('files generated from the content', () => {
  test(`the committed ${WORKFLOW_SQL_FILE} matches content/workflow.yaml (run \`npm run schemas\` or build after a change)`, () => {
    expect(readFileSync(WORKFLOW_SQL_FILE, 'utf8')).toBe(workflowSql(content.workflow, content.site));
  });

  test(`the committed ${FORM_CHOICES_FILE} matches the content (run \`npm run schemas\` or build after a change)`, () => {
    expect(readFileSync(FORM_CHOICES_FILE, 'utf8')).toBe(formChoicesModule(content));
  });

  test('a label with an apostrophe is quoted safely in the workflow SQL, and reads back as written', () => {
    const stages = [
      { code: 'new', label: "Owner's review", meaning: 'Waiting for the owner to read it.', closed: false },
      { code: 'done', label: "'); drop table public.inquiries; --", meaning: 'Closed.', closed: true },
    ];
    const sql = workflowSql({ applications: { stages, spamStage: 'done' }, inquiries: { stages, spamStage: 'done' } });
    expect(sql).toContain(`'[{"code":"new","label":"Owner''s review","closed":false},`);
    // Each call holds exactly one SQL string of JSON: undoubling its quotes gives the stages back, without their meaning.
    const literals = [...sql.matchAll(/^select private\.sync_workflow_stages\('(applications|inquiries)', '((?:[^']|'')*)'::jsonb\);$/gm)];
    expect(literals.map((m) => m[1])).toEqual(['applications', 'inquiries']);
    for (const [, , literal] of literals) {
      expect(JSON.parse(literal!.replaceAll("''", "'"))).toEqual(stages.map(({ code, label, closed }) => ({ code, label, closed, ...(closed ? { spam: true } : {}) })));
    }
  });
});

describe('editor tooling', () => {
  test('the committed JSON Schema files match the zod schemas (run `npm run schemas` after a change)', () => {
    for (const [name, schema] of Object.entries(jsonSchemas())) {
      const committed = JSON.parse(readFileSync(`schemas/${name}.schema.json`, 'utf8'));
      expect(committed, `schemas/${name}.schema.json`).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  test('every YAML content file names its JSON Schema for the editor', () => {
    for (const service of content.services.filter((s) => s.format === 'yaml')) {
      expect(readFileSync(service.file, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/service.schema.json');
    }
    for (const name of Object.keys(content.pages)) {
      expect(readFileSync(`content/pages/${name}.yaml`, 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=../../schemas/page-${name}.schema.json`);
    }
    for (const job of content.jobs) {
      expect(readFileSync(`content/jobs/${job.slug}.yaml`, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/job.schema.json');
    }
    for (const [folder, type] of [['reviews', 'review'], ['people', 'person'], ['offices', 'office']]) {
      for (const name of readdirSync(`content/${folder}`)) expect(readFileSync(`content/${folder}/${name}`, 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=../../schemas/${type}.schema.json`);
    }
    for (const name of ['site', 'lists', 'directory', 'regions', 'application-form', 'workflow', 'recognition']) {
      expect(readFileSync(`content/${name}.yaml`, 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=../schemas/${name}.schema.json`);
    }
  });

  test('a scaffolded service explains its fields and fails validation until filled in', async () => {
    const scaffold = serviceScaffold('foot-care');
    expect(scaffold).not.toMatch(/^(canonicalPath|pageId|placement):/m);
    expect(scaffold).toContain('add "foot-care" to content/directory.yaml under a category');
    expect(scaffold).toContain('# The search-result summary: 50 to 160 characters');
    const copy = copyContent();
    try {
      copy.write('services/foot-care.yaml', scaffold);
      const error = await loadContent(copy.root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems;
      expect(problems.every((p) => p.file === 'content/services/foot-care.yaml')).toBe(true);
      expect(problems.map((p) => p.path.join('.'))).toEqual(expect.arrayContaining(['title', 'description', 'hero.icon', 'hero.image.src', 'hero.image.alt', 'features.0.color', 'card.text']));
    } finally {
      copy.cleanup();
    }
  });
});
