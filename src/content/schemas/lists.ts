/**
 * Which services the grids, the header's Services menu and the footer show, and in which order:
 * `content/lists.yaml`. Each list is a property of the list, not of the services on it, so reordering the
 * home grid is one edit in one file.
 */
import { z } from 'zod';
import { text } from './common.ts';

/** How many services each list shows; the layouts are designed for exactly these numbers. */
export const LIST_SIZES = { grid: 8, dropdown: 5, footer: 5 } as const;

function serviceList(size: number, where: string) {
  return z
    .array(text(80).meta({ description: 'A service: its file name in content/services without the extension, e.g. "meal-preparation".' }))
    .length(size)
    .meta({ description: `${where}: exactly ${size} services, in the order shown, each named by its file name in content/services.` });
}

export const listsSchema = z.strictObject({
  grid: serviceList(LIST_SIZES.grid, 'The service cards on the home page and on /services'),
  dropdown: serviceList(LIST_SIZES.dropdown, "The header's Services menu"),
  footer: serviceList(LIST_SIZES.footer, "The footer's list of services"),
});

export type Lists = z.infer<typeof listsSchema>;
export type ListName = keyof Lists;
