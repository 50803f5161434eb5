/**
 * Replaces @supabase/functions-js in the dashboard's browser bundle (vite.config.ts), like noRealtime.ts:
 * the dashboard never invokes an Edge Function (the site's forms post to them as plain HTML), and the
 * functions client is about 1.5 KB of the 150 KB budget. supabase-js only builds one when `.functions` is
 * read; invoking it fails loudly, so a future use is noticed at once.
 */
export class FunctionsError extends Error {
  constructor(message: string, name = 'FunctionsError', readonly context?: unknown) {
    super(message);
    this.name = name;
  }
}
export class FunctionsFetchError extends FunctionsError {}
export class FunctionsHttpError extends FunctionsError {}
export class FunctionsRelayError extends FunctionsError {}

export const FunctionRegion = { Any: 'any' } as const;

export class FunctionsClient {
  constructor(_url: string, _options?: unknown) {}

  setAuth(_token: string): void {}

  invoke(): never {
    throw new Error('Edge Functions are not bundled in the dashboard: remove the functions-js alias in vite.config.ts to use them');
  }
}
