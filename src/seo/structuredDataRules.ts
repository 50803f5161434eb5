/**
 * What a search engine needs of each JSON-LD block the site publishes: the schema.org types it may use, and
 * for each, the properties Google requires (JobPosting: https://developers.google.com/search/docs/appearance/structured-data/job-posting;
 * LocalBusiness: .../local-business; BreadcrumbList: .../breadcrumb), and the form Google reads an optional
 * property in when a block has it (a LocalBusiness's openingHoursSpecification, a JobPosting's baseSalary).
 * Service has no Google rich result; schema.org's name and provider are required here so the block still says
 * what is offered and by whom. Returns the problems, [] when none.
 */

type Json = Record<string, unknown>;

const REQUIRED: Record<string, string[]> = {
  BreadcrumbList: ['itemListElement'],
  JobPosting: ['title', 'description', 'datePosted', 'hiringOrganization.name', 'jobLocation.address.addressCountry', 'jobLocation.address.addressRegion'],
  LocalBusiness: ['name', 'address.addressRegion', 'address.addressCountry', 'telephone', 'url'],
  Service: ['name', 'description', 'provider.name', 'areaServed.name'],
};

/** The checks of each type beyond its required properties, run when those are there. */
const CHECKS: Record<string, (block: Json) => string[]> = {
  BreadcrumbList: (block) => breadcrumbProblems(block.itemListElement),
  JobPosting: (block) => (block.baseSalary === undefined ? [] : salaryProblems(block.baseSalary)),
  LocalBusiness: (block) => (block.openingHoursSpecification === undefined ? [] : openingHoursProblems(block.openingHoursSpecification)),
};

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** hh:mm or hh:mm:ss, as Google reads opens and closes. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** The units Google reads in a salary's unitText. */
const SALARY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

function valueAt(block: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Json)[key] : undefined), block);
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value);

/** Google: at least two ListItems, numbered 1, 2, 3... in order, each with a name and an absolute address. */
function breadcrumbProblems(items: unknown): string[] {
  if (!Array.isArray(items) || items.length < 2) return ['BreadcrumbList has fewer than two items in itemListElement'];
  return items.flatMap((item: unknown, index) => {
    const where = `BreadcrumbList itemListElement[${index}]`;
    if (!isObject(item) || item['@type'] !== 'ListItem') return [`${where} is not a ListItem`];
    return [
      ...(item.position === index + 1 ? [] : [`${where} has position ${JSON.stringify(item.position)}, not ${index + 1}`]),
      ...(typeof item.name === 'string' && item.name.trim() ? [] : [`${where} has no name`]),
      ...(isAbsoluteUrl(item.item) ? [] : [`${where} has no absolute address in item (found ${JSON.stringify(item.item)})`]),
    ];
  });
}

/** Each entry an OpeningHoursSpecification of known days, opening before it closes, at hh:mm. */
function openingHoursProblems(specifications: unknown): string[] {
  const list = Array.isArray(specifications) ? specifications : [specifications];
  return list.flatMap((spec: unknown, index) => {
    const where = `LocalBusiness openingHoursSpecification[${index}]`;
    if (!isObject(spec) || spec['@type'] !== 'OpeningHoursSpecification') return [`${where} is not an OpeningHoursSpecification`];
    const days = Array.isArray(spec.dayOfWeek) ? spec.dayOfWeek : [spec.dayOfWeek];
    const unknown = days.filter((day) => typeof day !== 'string' || !DAYS.includes(day.replace(/^https?:\/\/schema\.org\//, '')));
    const problems = [
      ...(days.length && !unknown.length ? [] : [`${where} has dayOfWeek ${JSON.stringify(spec.dayOfWeek)}, not days of the week`]),
      ...(['opens', 'closes'] as const).flatMap((key) => (typeof spec[key] === 'string' && TIME.test(spec[key]) ? [] : [`${where} has ${key} ${JSON.stringify(spec[key])}, not a time hh:mm`])),
    ];
    if (!problems.length && String(spec.closes) <= String(spec.opens)) problems.push(`${where} closes (${String(spec.closes)}) before it opens (${String(spec.opens)})`);
    return problems;
  });
}

/** A MonetaryAmount in a currency code, its value a QuantitativeValue per unit: one figure, or a range low to high. */
function salaryProblems(salary: unknown): string[] {
  if (!isObject(salary) || salary['@type'] !== 'MonetaryAmount') return ['JobPosting baseSalary is not a MonetaryAmount'];
  const problems = typeof salary.currency === 'string' && /^[A-Z]{3}$/.test(salary.currency) ? [] : [`JobPosting baseSalary has currency ${JSON.stringify(salary.currency)}, not a currency code such as "USD"`];
  const value = salary.value;
  if (!isObject(value) || value['@type'] !== 'QuantitativeValue') return [...problems, 'JobPosting baseSalary.value is not a QuantitativeValue'];
  if (!SALARY_UNITS.includes(String(value.unitText))) problems.push(`JobPosting baseSalary.value has unitText ${JSON.stringify(value.unitText)}, not one of ${SALARY_UNITS.join(', ')}`);
  if (value.value !== undefined) {
    if (!isNumber(value.value) || value.value <= 0) problems.push(`JobPosting baseSalary.value.value is ${JSON.stringify(value.value)}, not an amount`);
  } else if (!isNumber(value.minValue) || !isNumber(value.maxValue) || value.minValue <= 0 || value.minValue > value.maxValue) {
    problems.push(`JobPosting baseSalary.value has neither a value nor a range from minValue to maxValue (found ${JSON.stringify(value.minValue)} to ${JSON.stringify(value.maxValue)})`);
  }
  return problems;
}

export function structuredDataProblems(text: string): string[] {
  let block: Json;
  try {
    block = JSON.parse(text) as Json;
  } catch (error) {
    return [`does not parse as JSON: ${(error as Error).message}`];
  }
  if (block['@context'] !== 'https://schema.org') return [`@context is ${JSON.stringify(block['@context'])}, not "https://schema.org"`];
  const type = String(block['@type']);
  const required = REQUIRED[type];
  if (!required) return [`@type "${type}" is not one the site publishes (${Object.keys(REQUIRED).join(', ')})`];
  const missing = required
    .filter((path) => {
      const value = valueAt(block, path);
      return value === undefined || value === null || value === '';
    })
    .map((path) => `${type} has no ${path}`);
  return missing.length ? missing : (CHECKS[type]?.(block) ?? []);
}

/** Every JSON-LD block in a page's HTML. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}
