/**
 * Where the product sends a person for the answer: the guides in docs/, one per person (the README's "Where to go
 * next"). A message names a guide and one of its sections by the section's heading, `docs/going-live.md,
 * "Settings"`, which reads the same in a terminal and on a page. tests/unit/docs.test.ts fails when a heading named
 * here is gone from its guide.
 */
export const GUIDES = {
  editing: 'docs/editing-the-site.md',
  requests: 'docs/working-requests.md',
  agency: 'docs/running-the-agency.md',
  goingLive: 'docs/going-live.md',
  developing: 'docs/developing.md',
} as const;

/** The sections the product's messages point at: the guide, and the section's heading as written there. */
export const GUIDE_SECTIONS = {
  contentRefused: { guide: 'editing', heading: 'When the build refuses a change' },
  launchCheck: { guide: 'goingLive', heading: 'The launch check' },
  settings: { guide: 'goingLive', heading: 'Settings' },
  stagesAfterLaunch: { guide: 'goingLive', heading: 'Changing the stages after launch' },
  editorInProduction: { guide: 'goingLive', heading: 'The content editor in production' },
} as const satisfies Record<string, { guide: keyof typeof GUIDES; heading: string }>;

/** `docs/<guide>.md, "<heading>"`: where a message sends its reader. */
export function guideSection(section: keyof typeof GUIDE_SECTIONS): string {
  const { guide, heading } = GUIDE_SECTIONS[section];
  return `${GUIDES[guide]}, "${heading}"`;
}

/** Said under the content's refusals (`npm run check`, the build). */
export const CONTENT_REFUSED_HELP = `What each message means and how to put it right: ${guideSection('contentRefused')}.`;
