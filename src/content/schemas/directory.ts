/** The services directory on /all-services: `content/directory.yaml`. */
import { z } from 'zod';
import { iconName, slug, text } from './common.ts';

export const directorySchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        name: text(40).meta({ description: 'The category name, e.g. "Daily Living".' }),
        description: text(200).meta({ description: 'One sentence under the group heading.' }),
      }),
    )
    .min(1)
    .meta({ description: 'The category groups, in the order the page shows them. Every category an entry uses must be here.' }),
  entries: z
    .array(
      z.strictObject({
        icon: iconName,
        title: text(60).optional().meta({
          description: "The service name on the card, only where it differs from the service's own card.title (which is used when there is none).",
        }),
        description: text(240).meta({ description: 'One or two sentences about the service.' }),
        service: slug.meta({ description: 'The service page the card links to: its file name without extension, e.g. "meal-preparation".' }),
        category: text(40).meta({ description: 'The group the card is listed under: one of the group names above.' }),
      }),
    )
    .min(1)
    .meta({ description: 'The directory cards.' }),
});

/** content/directory.yaml as written. */
export type DirectoryFile = z.infer<typeof directorySchema>;
type DirectoryEntry = DirectoryFile['entries'][number];

/** The directory as the pages read it: every entry has its title, its own or its service's card title. */
export interface Directory extends Omit<DirectoryFile, 'entries'> {
  entries: Array<DirectoryEntry & { title: string }>;
}
