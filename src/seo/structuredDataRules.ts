/**
 * What a search engine needs of each JSON-LD block the site publishes: the schema.org types it may use, and
 * for each, the properties Google requires (JobPosting: https://developers.google.com/search/docs/appearance/structured-data/job-posting;
 * LocalBusiness: .../local-business). Service has no Google rich result; schema.org's name and provider are
 * required here so the block still says what is offered and by whom. Returns the problems, [] when none.
 */

type Json = Record<string, unknown>;

const REQUIRED: Record<string, string[]> = {
  JobPosting: ['title', 'description', 'datePosted', 'hiringOrganization.name', 'jobLocation.address.addressCountry', 'jobLocation.address.addressRegion'],
  LocalBusiness: ['name', 'address.addressRegion', 'address.addressCountry', 'telephone', 'url'],
  Service: ['name', 'description', 'provider.name', 'areaServed.name'],
};

function valueAt(block: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Json)[key] : undefined), block);
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
  return required
    .filter((path) => {
      const value = valueAt(block, path);
      return value === undefined || value === null || value === '';
    })
    .map((path) => `${type} has no ${path}`);
}

/** Every JSON-LD block in a page's HTML. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}
