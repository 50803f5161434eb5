/**
 * Rules that span files: unique slugs and page ids, directory links and categories, and the fixed number of
 * services on the grids, the header menu and the footer.
 */
import type { ParsedFile } from './loader.ts';
import { type ContentProblem, didYouMean } from './problems.ts';
import type { Directory } from './schemas/directory.ts';
import type { Regions } from './schemas/regions.ts';
import type { Service } from './schemas/service.ts';

/** How many services each listing shows; the layouts are designed for exactly these numbers. */
export const PLACEMENT_SIZES = { grid: 8, dropdown: 5, footer: 5 } as const;


interface Input {
  services: Array<ParsedFile<Service> & { slug: string }>;
  directory: ParsedFile<Directory>;
  regions: ParsedFile<Regions>;
  servicesFolder: string;
  /** Slugs of service files that exist but failed their own checks: links to them are not dangling. */
  invalidSlugs: ReadonlySet<string>;
}

export function crossCheck({ services, directory, regions, servicesFolder, invalidSlugs }: Input): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const at = (parsed: ParsedFile<unknown>, path: Array<string | number>, message: string, where: 'value' | 'key' = 'value') =>
    problems.push({ file: parsed.file, ...parsed.source.locate(path, where), path, message });

  const bySlug = new Map<string, ParsedFile<Service>>();
  const byPageId = new Map<string, ParsedFile<Service>>();
  const byDescription = new Map<string, ParsedFile<Service>>();
  for (const service of services) {
    const { slug, data } = service;
    bySlug.set(slug, service);

    if (data.canonicalPath !== `/${slug}`) at(service, ['canonicalPath'], `expected "/${slug}" (the file name), found "${data.canonicalPath}"`);
    const sameId = byPageId.get(data.pageId);
    if (sameId) {
      for (const [here, there] of [[service, sameId], [sameId, service]] as const) {
        at(here, ['pageId'], `expected an id no other page uses, found "${data.pageId}" (also in ${there.file})`);
      }
    }
    byPageId.set(data.pageId, service);
    const sameDescription = byDescription.get(data.description);
    if (sameDescription) {
      for (const [here, there] of [[service, sameDescription], [sameDescription, service]] as const) {
        at(here, ['description'], `expected a description of this page alone, found the same text as ${there.file}`);
      }
    }
    byDescription.set(data.description, service);
  }

  for (const listing of Object.keys(PLACEMENT_SIZES) as Array<keyof typeof PLACEMENT_SIZES>) {
    if (invalidSlugs.size) break; // a file that failed its own checks may hold a place: counting now would mislead
    const placed = services.filter((s) => s.data.placement[listing] !== undefined);
    const size = PLACEMENT_SIZES[listing];
    if (placed.length !== size) {
      const names = placed.map((s) => s.slug).join(', ') || 'none';
      problems.push({ file: servicesFolder, path: [], message: `expected exactly ${size} services with placement.${listing}, found ${placed.length} (${names})` });
    }
    const byPosition = new Map<number, ParsedFile<Service>>();
    for (const service of placed) {
      const position = service.data.placement[listing]!;
      const holder = byPosition.get(position);
      if (holder) {
        for (const [here, there] of [[service, holder], [holder, service]] as const) {
          at(here, ['placement', listing], `expected a position no other service has, found ${position} (also in ${there.file})`);
        }
      }
      byPosition.set(position, service);
    }
  }

  const groups = directory.data.groups.map((g) => g.name);
  const groupsSeen = new Set<string>();
  directory.data.groups.forEach((group, index) => {
    if (groupsSeen.has(group.name)) at(directory, ['groups', index, 'name'], `expected a group name used once, found "${group.name}" again`);
    groupsSeen.add(group.name);
  });
  directory.data.entries.forEach((entry, index) => {
    if (!bySlug.has(entry.service) && !invalidSlugs.has(entry.service)) {
      at(directory, ['entries', index, 'service'], `expected the name of a file in content/services (without extension), found "${entry.service}"${didYouMean(entry.service, bySlug.keys())}`);
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
