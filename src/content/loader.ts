/**
 * The only code that reads `content/`: parses every file, validates it with its zod schema, cross-checks the
 * files against each other, and returns one typed `Content` object. On any problem it throws a
 * `ContentError` listing every problem at once. Valid content may still carry warnings (services that share
 * words, as a copied file does: serviceCopies.ts; a service no page links to: crossCheck.ts), given to
 * `onWarnings` for the caller to print.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { bodyLinks, clientStageProblems, crossCheck, unlinkedServiceWarnings } from './crossCheck.ts';
import { checkImages } from './images.ts';
import { explainLength, identityValues, resolveTokens } from './identityTokens.ts';
import { applicationFormSchema } from './schemas/applicationForm.ts';
import { inquiryFormSchema } from './schemas/inquiryForm.ts';
import { mdxBodyCheck, type MdxBodyCheck } from './mdxBody.ts';
import { type ContentProblem, ContentError, sortProblems } from './problems.ts';
import { contentHash, contentRoot, RESERVED_JOB_SLUGS, type Content, type ContentSnapshot, type JobOpening, type ServicePage } from './content.ts';
import { directorySchema } from './schemas/directory.ts';
import { faqSchema } from './schemas/faq.ts';
import { howItWorksSchema } from './schemas/howItWorks.ts';
import { listsSchema } from './schemas/lists.ts';
import { jobSchema } from './schemas/job.ts';
import { pageSchemas, type PageCopy, type PageName } from './schemas/page.ts';
import { regionsSchema } from './schemas/regions.ts';
import { slug as slugSchema } from './schemas/common.ts';
import { serviceSchema, type Service } from './schemas/service.ts';
import { copyDraftWarnings, serviceCopyWarnings } from './serviceCopies.ts';
import { describePlace } from './fieldNames.ts';
import { siteSchema } from './schemas/site.ts';
import { retentionSchema } from './schemas/retention.ts';
import { repliesSchema } from './schemas/replies.ts';
import { workflowSchema } from './schemas/workflow.ts';
import { PLACEHOLDER_TAG, parseYamlSource, type ParsedFile, type YamlSource } from './source.ts';
import { problemsFromZod } from './zodProblems.ts';
import { buildDate } from '../env.ts';
import { officeSchema } from './trust/officeSchema.ts';
import { personSchema } from './trust/personSchema.ts';
import { recognitionSchema } from './trust/recognitionSchema.ts';
import { reviewSchema } from './trust/reviewSchema.ts';
import { officesWithDefaults, officeTownProblems, peopleOn, publishedReviewsOn, reviewServiceProblems } from './trust/trustChecks.ts';

/** An .mdx file's frontmatter block: the YAML between two "---" lines at the top. */
const MDX_FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\s*(\r?\n|$)/;

/** A parsed file, with the source positions the cross-checks point at. */

/**
 * Service files validated by an earlier build, by the sha256 of their text (the build keeps them only while
 * the schemas and the libraries are the same: scripts/generator/contentStep.ts). A file with the same text gives the
 * same data, so it is neither parsed nor validated again; the checks across files still run on every file.
 */
export interface ValidatedServices {
  known: ReadonlyMap<string, Service>;
  /** Every service file valid this time, to keep for the next build. */
  next: Map<string, Service>;
}

/** Called with the warnings of valid content, sorted by file and line, when there are any. */
export type OnWarnings = (warnings: ContentProblem[]) => void;

export async function loadContent(root: string = contentRoot(), validated?: ValidatedServices, onWarnings?: OnWarnings): Promise<Content> {
  const problems: ContentProblem[] = [];
  /** Every valid file, for the checks of the pictures they name. */
  const valid: Array<ParsedFile<unknown>> = [];
  const show = (absolute: string) => path.relative(path.dirname(root), absolute).split(path.sep).join('/');
  /** The values of the identity tokens ((site.name)) ..., read from site.yaml as written (identityTokens.ts). */
  let identity: Map<string, string> = new Map();
  const siteFile = path.join(root, 'site.yaml');
  /** Each readable file's data as written, by its path as shown: a message names a list's items by their titles. */
  const written = new Map<string, unknown>();
  /** A problem with its field in words, where a check gave only its path. */
  const named = (problem: ContentProblem): ContentProblem =>
    problem.place !== undefined || !problem.path.length ? problem : { ...problem, place: describePlace(problem.path, written.get(problem.file)) };

  function parseFile<S extends z.ZodType>(absolute: string, schema: S, text?: string, lineOffset = 0, mdx = false): ParsedFile<z.infer<S>> | undefined {
    const file = show(absolute);
    let raw: string;
    try {
      raw = text ?? readFileSync(absolute, 'utf8');
    } catch {
      problems.push({ file, path: [], message: 'expected this file, found nothing (it is missing)' });
      return undefined;
    }
    let source: YamlSource;
    try {
      source = parseYamlSource(file, raw, lineOffset);
    } catch (error) {
      // The parser should report every bad input as a problem; if one ever throws, it still names the file.
      problems.push({ file, line: lineOffset + 1, column: 1, path: [], message: `the YAML cannot be read: ${(error as Error).message}` });
      return undefined;
    }
    if (source.problems.length) {
      problems.push(...source.problems);
      return undefined;
    }
    if (source.data === undefined || source.data === null) {
      const what = mdx ? 'an empty frontmatter block' : 'an empty file';
      problems.push({ file, line: lineOffset + 1, column: 1, path: [], message: `expected the fields of this content type, found ${what}` });
      return undefined;
    }
    written.set(file, source.data);
    if (absolute === siteFile) identity = identityValues(source.data);
    // Tokens are replaced before the schema's checks: a length limit counts what visitors read.
    const tokens = resolveTokens(source.data, identity, file, (fieldPath) => source.locate(fieldPath), absolute === siteFile);
    problems.push(...tokens.problems);
    const checked: YamlSource = { ...source, data: tokens.data };
    const result = schema.safeParse(tokens.data);
    if (!result.success) {
      problems.push(...problemsFromZod(result.error, file, checked, schema).map((problem) => explainLength(problem, tokens.resolved, identity)));
      return undefined;
    }
    if (tokens.problems.length) return undefined;
    const parsed = { file, source, data: result.data };
    valid.push(parsed);
    return parsed;
  }

  const site = parseFile(siteFile, siteSchema);
  const lists = parseFile(path.join(root, 'lists.yaml'), listsSchema);
  const directory = parseFile(path.join(root, 'directory.yaml'), directorySchema);
  const regions = parseFile(path.join(root, 'regions.yaml'), regionsSchema);
  const applicationForm = parseFile(path.join(root, 'application-form.yaml'), applicationFormSchema);
  const inquiryForm = parseFile(path.join(root, 'inquiry-form.yaml'), inquiryFormSchema);
  const howItWorks = parseFile(path.join(root, 'how-it-works.yaml'), howItWorksSchema);
  const faq = parseFile(path.join(root, 'faq.yaml'), faqSchema);
  // Its rules (a code once per list, an open first stage, a closed one, the spam stage) are in its schema.
  const workflow = parseFile(path.join(root, 'workflow.yaml'), workflowSchema);
  const retention = parseFile(path.join(root, 'retention.yaml'), retentionSchema);
  const replies = parseFile(path.join(root, 'replies.yaml'), repliesSchema);
  if (workflow && retention) problems.push(...clientStageProblems(retention, workflow));
  /** A code is what is stored: each list names it once. */
  function codesOnce<T extends Record<L, ReadonlyArray<{ code: string }>>, L extends string>(parsed: ParsedFile<T> | undefined, lists: readonly L[]) {
    if (!parsed) return;
    for (const list of lists) {
      const seen = new Set<string>();
      parsed.data[list].forEach(({ code }, index) => {
        if (seen.has(code)) problems.push({ file: parsed.file, ...parsed.source.locate([list, index, 'code']), path: [list, index, 'code'], message: `expected a code used once in the list, found "${code}" a second time` });
        seen.add(code);
      });
    }
  }
  codesOnce(applicationForm, ['experience', 'availability'] as const);
  codesOnce(inquiryForm, ['careFor', 'callTimes'] as const);

  const pages: Partial<PageCopy> = {};
  for (const name of Object.keys(pageSchemas) as PageName[]) {
    const parsed = parseFile(path.join(root, 'pages', `${name}.yaml`), pageSchemas[name]);
    if (parsed) (pages as Record<PageName, unknown>)[name] = parsed.data;
  }

  const jobs: JobOpening[] = [];
  const jobsDir = path.join(root, 'jobs');
  for (const name of existsSync(jobsDir) ? readdirSync(jobsDir).sort() : []) {
    const absolute = path.join(jobsDir, name);
    if (path.extname(name) !== '.yaml') {
      problems.push({ file: show(absolute), path: [], message: `expected a .yaml file, found a "${path.extname(name) || 'no'}" extension` });
      continue;
    }
    const jobSlug = path.basename(name, '.yaml');
    if (!slugSchema.safeParse(jobSlug).success || RESERVED_JOB_SLUGS.includes(jobSlug)) {
      const why = RESERVED_JOB_SLUGS.includes(jobSlug) ? `not one of ${RESERVED_JOB_SLUGS.join(', ')} (the site uses /careers/${jobSlug})` : 'of lowercase words joined by hyphens (it becomes the page address /careers/<name>)';
      problems.push({ file: show(absolute), path: [], message: `expected a file name ${why}, found "${jobSlug}"` });
      continue;
    }
    const parsed = parseFile(absolute, jobSchema);
    if (!parsed) continue;
    if (parsed.data.validThrough < parsed.data.datePosted) {
      problems.push({ file: parsed.file, ...parsed.source.locate(['validThrough']), path: ['validThrough'], message: `expected a date on or after the date posted (${parsed.data.datePosted}), found ${parsed.data.validThrough}` });
    }
    jobs.push({ ...parsed.data, slug: jobSlug });
  }

  /** A folder of one file per entry (content/reviews, people, offices): each a .yaml file named in lowercase words. */
  function parseFolder<S extends z.ZodType>(folder: string, schema: S): Array<ParsedFile<z.infer<S>> & { slug: string }> {
    const dir = path.join(root, folder);
    return (existsSync(dir) ? readdirSync(dir).sort() : []).flatMap((name) => {
      const absolute = path.join(dir, name);
      if (path.extname(name) !== '.yaml') {
        problems.push({ file: show(absolute), path: [], message: `expected a .yaml file, found a "${path.extname(name) || 'no'}" extension (rename it, or move it out of content/${folder})` });
        return [];
      }
      const entrySlug = path.basename(name, '.yaml');
      if (!slugSchema.safeParse(entrySlug).success) {
        problems.push({ file: show(absolute), path: [], message: `expected a file name of lowercase words joined by hyphens, found "${entrySlug}"` });
        return [];
      }
      const parsed = parseFile(absolute, schema);
      return parsed ? [{ ...parsed, slug: entrySlug }] : [];
    });
  }
  const reviewFiles = parseFolder('reviews', reviewSchema);
  const peopleFiles = parseFolder('people', personSchema);
  const officeFiles = parseFolder('offices', officeSchema);
  const recognition = parseFile(path.join(root, 'recognition.yaml'), recognitionSchema);
  if (regions) problems.push(...officeTownProblems(officeFiles, regions.data));

  const servicesDir = path.join(root, 'services');
  /** `links`: the services an .mdx body links to, for the warning about a service no page links to. */
  const serviceFiles: Array<ParsedFile<Service> & { slug: string; format: 'yaml' | 'mdx'; links: string[]; copiedFrom?: string; modified?: number }> = [];
  const invalidSlugs = new Set<string>();
  /** The MDX bodies' check, loaded with its parser for the first body that needs it. */
  let checkBody: Promise<MdxBodyCheck> | undefined;
  const seenSlugs = new Map<string, string>();
  const names = existsSync(servicesDir) ? readdirSync(servicesDir).sort() : [];
  if (!existsSync(servicesDir)) problems.push({ file: show(servicesDir), path: [], message: 'expected a folder of service files, found nothing' });

  for (const name of names) {
    const absolute = path.join(servicesDir, name);
    const extension = path.extname(name);
    if (extension !== '.yaml' && extension !== '.mdx') {
      problems.push({ file: show(absolute), path: [], message: `expected a .yaml or .mdx file, found a "${extension || 'no'}" extension (rename it, or move it out of content/services)` });
      continue;
    }
    const slug = path.basename(name, extension);
    problems.push(...fileNameProblems(show(absolute), slug, seenSlugs));
    let raw: string;
    try {
      raw = readFileSync(absolute, 'utf8');
    } catch {
      problems.push({ file: show(absolute), path: [], message: 'expected this file, found nothing (it is missing)' });
      invalidSlugs.add(slug);
      continue;
    }
    const parse = extension === '.mdx' ? () => parseMdxService(absolute, raw) : () => parseFile(absolute, serviceSchema, raw);
    const parsed = validated ? await parseServiceOnce(absolute, raw, extension === '.mdx', validated, parse) : await parse();
    // Which of two files that share words is the copy (serviceCopies.ts): new:service's note, else the later written.
    const copiedFrom = /copied from ([\w-]+\.(?:yaml|mdx))/.exec(raw)?.[1];
    if (parsed) serviceFiles.push({ ...parsed, slug, format: extension === '.mdx' ? 'mdx' : 'yaml', links: extension === '.mdx' ? bodyLinks(raw) : [], copiedFrom, modified: statSync(absolute).mtimeMs });
    else invalidSlugs.add(slug);
  }

  /** An .mdx service: its frontmatter, validated like a YAML file, and its body's check. */
  async function parseMdxService(absolute: string, raw: string): Promise<ParsedFile<Service> | undefined> {
    const frontmatter = MDX_FRONTMATTER.exec(raw);
    if (!frontmatter) {
      problems.push({ file: show(absolute), line: 1, column: 1, path: [], message: 'expected a frontmatter block between two "---" lines at the top of the file, found none' });
      return undefined;
    }
    const parsed = parseFile(absolute, serviceSchema, frontmatter[1], 1, true);
    const bodyProblems = (await (checkBody ??= mdxBodyCheck()))(show(absolute), raw);
    problems.push(...bodyProblems);
    return bodyProblems.length ? undefined : parsed;
  }

  /** Parses and validates a service file, unless the same text was valid before. */
  async function parseServiceOnce(absolute: string, raw: string, mdx: boolean, { known, next }: ValidatedServices, parse: () => ParsedFile<Service> | undefined | Promise<ParsedFile<Service> | undefined>) {
    // The same text gives the same data only with the same values for its tokens.
    const digest = createHash('sha256').update(raw).update(raw.includes('((') ? `\0${JSON.stringify([...identity])}` : '').digest('hex');
    const data = known.get(digest);
    // The positions the checks across files may point at: the frontmatter's, in an .mdx file.
    const before = data && { file: show(absolute), source: mdx ? sourceWhenAsked(show(absolute), MDX_FRONTMATTER.exec(raw)?.[1] ?? '', 1) : sourceWhenAsked(show(absolute), raw), data };
    if (before) {
      valid.push(before);
      written.set(before.file, data);
    }
    const parsed = before || (await parse());
    if (parsed) next.set(digest, parsed.data);
    return parsed;
  }

  if (lists && directory && regions) problems.push(...crossCheck({ services: serviceFiles, lists, directory, regions, invalidSlugs }));
  problems.push(...reviewServiceProblems(reviewFiles, new Set(serviceFiles.map((service) => service.slug)), invalidSlugs));
  const { problems: imageProblems, images } = await checkImages(valid, path.join(root, 'images'));
  problems.push(...imageProblems);
  if (problems.length) throw new ContentError(problems.map(named));
  const shared = serviceCopyWarnings(serviceFiles, directory!.data);
  // A consent revoked or past its expiry on the build date takes the review or person off every page (trustChecks.ts).
  const today = buildDate().toISOString().slice(0, 10);
  const reviews = publishedReviewsOn(reviewFiles, today);
  const people = peopleOn(peopleFiles, today);
  const leftOutFiles = new Set([...reviews.leftOut, ...people.leftOut].map((entry) => entry.file));
  const warnings = [...shared, ...copyDraftWarnings(serviceFiles, directory!.data, shared), ...unlinkedServiceWarnings(serviceFiles, lists!.data, directory!.data), ...reviews.warnings, ...people.warnings];
  if (warnings.length) onWarnings?.(sortProblems(warnings.map(named)));

  const services = serviceFiles.map(({ data, slug, file, format }): ServicePage => ({ ...data, slug, canonicalPath: `/${slug}`, pageId: slug, file, format }));
  const cardTitles = new Map(services.map((service) => [service.slug, service.card.title]));
  return {
    site: site!.data,
    services,
    lists: lists!.data,
    directory: {
      ...directory!.data,
      entries: directory!.data.entries.map((entry) => ({ ...entry, title: entry.title ?? cardTitles.get(entry.service)! })),
    },
    regions: regions!.data,
    pages: pages as PageCopy,
    jobs,
    applicationForm: applicationForm!.data,
    inquiryForm: inquiryForm!.data,
    howItWorks: howItWorks!.data,
    faq: faq!.data,
    workflow: workflow!.data,
    retention: retention!.data,
    replies: replies!.data,
    reviews: reviews.reviews,
    reviewsLeftOut: reviews.leftOut,
    people: people.people,
    peopleLeftOut: people.leftOut,
    offices: officesWithDefaults(officeFiles, site!.data),
    recognition: recognition!.data.awards,
    images,
    // A review or person taken off the site leaves nothing of its words in the content, its placeholders included.
    placeholders: valid
      .filter(({ file }) => !leftOutFiles.has(file))
      .flatMap(({ file, source }) => source.placeholders.map(({ path: fieldPath, line, column, value }) => ({ file, line, column, path: fieldPath, value })))
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
  };
}

/** A valid file's source positions, parsed only if a check across files has something to point at in it. */
function sourceWhenAsked(file: string, raw: string, lineOffset = 0): YamlSource {
  let source: YamlSource | undefined;
  const parsed = () => (source ??= parseYamlSource(file, raw, lineOffset));
  return {
    get data() {
      return parsed().data;
    },
    problems: [],
    locate: (fieldPath, at) => parsed().locate(fieldPath, at),
    // A tag can only be where its name is written: a file without it is not parsed for it.
    get placeholders() {
      return raw.includes(PLACEHOLDER_TAG) ? parsed().placeholders : [];
    },
  };
}

/** Paths the fixed pages own; a service file may not take them. */
export const RESERVED_SLUGS = ['services', 'all-services', 'locations', 'contact', 'about', 'careers', 'privacy', 'admin', 'index', '404'];

/** A service's file name is its address: it must be a valid, free and unique slug. */
function fileNameProblems(file: string, slug: string, seen: Map<string, string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (!slugSchema.safeParse(slug).success) {
    problems.push({ file, path: [], message: `expected a file name of lowercase words joined by hyphens (it becomes the page address), found "${slug}"` });
  }
  if (RESERVED_SLUGS.includes(slug)) {
    problems.push({ file, path: [], message: `expected a file name that is not the address of a fixed page, found "${slug}" (/${slug} is taken)` });
  }
  const twin = seen.get(slug);
  if (twin) problems.push({ file, path: [], message: `expected one file per service, found a second file for "${slug}" (also ${twin})` });
  seen.set(slug, file);
  return problems;
}

/** Loads and validates the content, and writes it for the prerender. Throws a ContentError like loadContent. */
export async function loadContentToSnapshot(file: string, root: string = contentRoot(), validated?: ValidatedServices, onWarnings?: OnWarnings): Promise<Content> {
  // Hashed before reading: a file changed meanwhile gives a hash the prerender will not find again, never stale content.
  const hash = contentHash(root);
  const content = await loadContent(root, validated, onWarnings);
  writeFileSync(file, JSON.stringify({ hash, content } satisfies ContentSnapshot));
  return content;
}
