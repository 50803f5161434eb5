/**
 * Replaces iceberg-js in the dashboard's browser bundle (vite.config.ts): storage-js uses it only for the
 * analytics-bucket catalog, which the dashboard never opens. Using it fails loudly rather than silently.
 */
export class IcebergRestCatalog {
  constructor() {
    throw new Error('iceberg-js is not bundled in the dashboard: remove its alias in vite.config.ts to use storage analytics');
  }
}
