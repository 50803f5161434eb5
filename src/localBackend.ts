/**
 * The local Supabase stand-in that `npm start` runs: the backend a build targets while VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY are unset. Its anon key is the Supabase CLI's well-known demo key, public and the same on
 * every machine, so a production build must never carry either (src/launch.ts).
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The backend a build targets, in one line for the build's output. */
export function backendLine(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.VITE_SUPABASE_URL?.trim();
  return url
    ? `Backend: ${url} (VITE_SUPABASE_URL).`
    : `Backend: the local Supabase stand-in, ${LOCAL_SUPABASE_URL} (VITE_SUPABASE_URL is not set): a development build. A production build (SITE_URL set, or the host's production signal) must name the project, and is refused until \`npm run check -- --launch\` passes.`;
}
