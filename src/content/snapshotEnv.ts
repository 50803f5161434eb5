/**
 * `npm run build` validates the content once and hands it to the prerender in a file named by this variable,
 * so that the prerender does not parse and validate every file again (see getContent in content.ts). A module
 * of its own so that the build's parent process can name it without loading the loader.
 */
export const CONTENT_SNAPSHOT_ENV = 'BUILD_CONTENT_SNAPSHOT';
