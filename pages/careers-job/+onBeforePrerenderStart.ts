import { openJobs } from '../../src/content/content.ts';
import { getContent } from '../../src/content/getContent.ts';
import { jobPath } from '../../src/routes.ts';

/** One prerendered page per open job: a removed file, or one whose validThrough has passed, gets none. */
export async function onBeforePrerenderStart() {
  return openJobs(await getContent()).map(jobPath);
}
