/** What the dashboard's browser tests share: the stand-in's address and keys, signing in, reading a count. */
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';

// The stand-in of the browser tests, on the free port playwright.config.ts chose.
export const API = process.env.E2E_API_URL!;
export const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const service = () => createClient(API, SERVICE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });

export async function signIn(page: Page, email = 'staff@example.com', password = 'staff-demo-password', path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Holds the requests to `url` until the returned function is called: a slow network, to see a loading state. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The value of a count ('Total Applications', 'This Week') above a list. */
export const stat = (page: Page, name: string) => page.locator('dt', { hasText: name }).locator('+ dd');
