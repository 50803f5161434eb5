/**
 * Where content marks its placeholders (`!placeholder`, src/content/source.ts): pages and the form provider ask
 * here whether a value is still one, rather than guessing from its look.
 */
import type { ContentPlaceholder } from './content.ts';

/** content/site.yaml, as placeholders name their file. */
export const SITE_FILE = 'content/site.yaml';

/** Whether content marks the value at `path` of `file`, or any value below it, as a placeholder. */
export function hasPlaceholder(placeholders: readonly ContentPlaceholder[], file: string, path: ReadonlyArray<string | number>): boolean {
  return placeholders.some((placeholder) => placeholder.file === file && path.every((key, i) => placeholder.path[i] === key));
}
