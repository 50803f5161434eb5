import { defineConfig, devices } from '@playwright/test';

/** Browser tests run against the built site (`npm run build` first) in Debian's chromium. */
const port = Number(process.env.E2E_PORT ?? 4173);
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const phone = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } };

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    // A test tagged @phone or @desktop is about that kind of screen only.
    { name: 'desktop', grepInvert: [/@phone/, /@saves/], use: desktop },
    { name: 'phone', grepInvert: [/@desktop/, /@saves/], use: phone },
    // Tests tagged @saves store applications in the stand-in: they run after all the others (the dashboard's
    // tests count its rows), one screen after the other (each finds its own application at the top).
    { name: 'desktop-saves', grep: /@saves/, grepInvert: /@phone/, dependencies: ['desktop', 'phone'], use: desktop },
    { name: 'phone-saves', grep: /@saves/, grepInvert: /@desktop/, dependencies: ['desktop-saves'], use: phone },
  ],
  webServer: [
    {
      command: `PORT=${port} npx tsx scripts/serve.ts`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The local Supabase stand-in the built /admin talks to (VITE_SUPABASE_URL unset).
      command: 'npx tsx scripts/local-supabase/main.ts',
      // submit-application sends the form's browser on to this site's thanks and not-sent pages.
      env: { SITE_URL: `http://localhost:${port}`, LOCAL_SUPABASE_SIGN_IN_LIMIT: '1000' },
      url: 'http://127.0.0.1:54321/auth/v1/.well-known/jwks.json',
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
