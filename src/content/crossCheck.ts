/**
 * Rules that span files: unique service descriptions; content/lists.yaml and the directory name service files,
 * each list names a service once; a directory card repeats no service's title; its categories are its groups.
 */
import type { ParsedFile } from './source.ts';
import { ordinal } from './fieldNames.ts';
import { type ContentProblem, didYouMean } from './problems.ts';
import type { DirectoryFile } from './schemas/directory.ts';
import { LIST_SIZES, type ListName, type Lists } from './schemas/lists.ts';
import type { Regions } from './schemas/regions.ts';
import type { Retention } from './schemas/retention.ts';
import type { Service } from './schemas/service.ts';
import type { Workflow } from './schemas/workflow.ts';

interface Input {
  services: Array<ParsedFile<Service> & { slug: string }>;
  lists: ParsedFile<Lists>;
  directory: ParsedFile<DirectoryFile>;
  regions: ParsedFile<Regions>;
  /** Slugs of service files that exist but failed their own checks: links to them are not dangling. */
  invalidSlugs: ReadonlySet<string>;
}

export function crossCheck({ services, lists, directory, regions, invalidSlugs }: Input): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const at = (parsed: ParsedFile<unknown>, path: Array<string | number>, message: string, where: 'value' | 'key' = 'value') =>
    problems.push({ file: parsed.file, ...parsed.source.locate(path, where), path, message });

  const bySlug = new Map<string, ParsedFile<Service>>();
  const byDescription = new Map<string, ParsedFile<Service>>();
  for (const service of services) {
    const { slug, data } = service;
    bySlug.set(slug, service);
    const sameDescription = byDescription.get(data.description);
    if (sameDescription) {
      for (const [here, there] of [[service, sameDescription], [sameDescription, service]] as const) {
        at(here, ['description'], `expected a description of this page alone, found the same text as ${there.file}`);
      }
    }
    byDescription.set(data.description, service);
  }

  /** A service named by its file name; a file that failed its own checks is not reported again here. */
  const namesAService = (parsed: ParsedFile<unknown>, path: Array<string | number>, name: string) => {
    if (bySlug.has(name) || invalidSlugs.has(name)) return;
    at(parsed, path, `expected the name of a file in content/services (without extension), found "${name}"${didYouMean(name, bySlug.keys())}`);
  };

  for (const list of Object.keys(LIST_SIZES) as ListName[]) {
    const firstAt = new Map<string, number>();
    lists.data[list].forEach((name, index) => {
      namesAService(lists, [list, index], name);
      const first = firstAt.get(name);
      if (first === undefined) firstAt.set(name, index);
      else at(lists, [list, index], `expected each service once in the list, found "${name}" again (also the ${ordinal(first + 1)} of this list)`);
    });
  }

  const groups = directory.data.groups.map((g) => g.name);
  const groupsSeen = new Set<string>();
  directory.data.groups.forEach((group, index) => {
    if (groupsSeen.has(group.name)) at(directory, ['groups', index, 'name'], `expected a group name used once, found "${group.name}" again`);
    groupsSeen.add(group.name);
  });
  directory.data.entries.forEach((entry, index) => {
    namesAService(directory, ['entries', index, 'service'], entry.service);
    const linked = bySlug.get(entry.service);
    if (linked && entry.title === linked.data.card.title) {
      at(directory, ['entries', index, 'title'], `expected a title only where it differs from the service's own, found "${entry.title}", the title of the card of ${linked.file} (delete this line: that title is used)`);
    }
    if (!groups.includes(entry.category)) {
      at(directory, ['entries', index, 'category'], `expected one of the group names under "groups", found "${entry.category}"${didYouMean(entry.category, groups) || ' (add it to groups to show it)'}`);
    }
  });
  directory.data.groups.forEach((group, index) => {
    if (!directory.data.entries.some((entry) => entry.category === group.name)) {
      at(directory, ['groups', index, 'name'], `expected a group that at least one entry uses, found none in "${group.name}" (it would show an empty heading)`);
    }
  });

  regions.data.counties.forEach((county, countyIndex) => {
    const seen = new Set<string>();
    county.towns.forEach((town, townIndex) => {
      if (seen.has(town)) at(regions, ['counties', countyIndex, 'towns', townIndex], `expected each town once per county, found "${town}" again`);
      seen.add(town);
    });
  });

  return problems;
}

/** The pages a Markdown link in an .mdx body points at: [text](/slug) or [text]: /slug, by their slugs. */
export function bodyLinks(body: string): string[] {
  const links = [...body.matchAll(/\]\(\s*<?\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:[#?][^)\s]*)?>?(?:\s+"[^"]*")?\s*\)/g), ...body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:[#?]\S*)?>?/gm)];
  return links.map((match) => match[1]!);
}

/**
 * A warning (the page is still built) for each service no page links to: in neither content/directory.yaml (the
 * /all-services directory) nor a list of content/lists.yaml (the grids, the header menu and the footer, which all
 * link their services), nor a Markdown link in another service's .mdx body. Visitors would reach it only by typing
 * its address. A page kept out of search engines (noindex: true, while it is being written) is left alone.
 */
export function unlinkedServiceWarnings(services: ReadonlyArray<ParsedFile<Service> & { slug: string; links?: readonly string[] }>, lists: Lists, directory: DirectoryFile): ContentProblem[] {
  const linked = new Set<string>([
    ...directory.entries.map((entry) => entry.service),
    ...(Object.keys(LIST_SIZES) as ListName[]).flatMap((list) => lists[list]),
    ...services.flatMap((service) => (service.links ?? []).filter((slug) => slug !== service.slug)),
  ]);
  return services
    .filter((service) => !linked.has(service.slug) && !service.data.noindex)
    .map((service) => ({
      file: service.file,
      ...service.source.locate(['card', 'title']),
      path: [],
      message: `no page links to /${service.slug}: it is in neither content/directory.yaml nor content/lists.yaml, so visitors can reach it only by typing its address; add it to content/directory.yaml under a category (entries: - service: ${service.slug}, category: one of its groups)`,
    }));
}

/**
 * content/retention.yaml's inquiries.clientStages name stages of content/workflow.yaml's inquiries: a misspelt code
 * would keep no client's inquiry, and the spam stage cannot mean a client.
 */
export function clientStageProblems(retention: ParsedFile<Retention>, workflow: ParsedFile<Workflow>): ContentProblem[] {
  const { stages, spamStage } = workflow.data.inquiries;
  const codes = stages.map((stage) => stage.code);
  const problems: ContentProblem[] = [];
  retention.data.inquiries.clientStages.forEach((code, index) => {
    const path = ['inquiries', 'clientStages', index];
    const found =
      code === spamStage
        ? `"${code}", the stage suspected spam is filed under (spamStage)`
        : codes.includes(code)
          ? undefined
          : `"${code}", which is not a stage of inquiries${didYouMean(code, codes) || ` (the stages are ${codes.map((c) => `"${c}"`).join(', ')})`}`;
    if (found) problems.push({ file: retention.file, ...retention.source.locate(path), path, message: `expected the code of a stage of inquiries in content/workflow.yaml that means the family became a client, found ${found}` });
  });
  return problems;
}
