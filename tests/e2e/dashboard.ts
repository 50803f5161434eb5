/**
 * What the dashboard's browser tests share: the stand-in's address and keys, signing in, reading a count, the
 * list's stage filter, what that filter shows by default, and a table's cells found by their column's header.
 */
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { expect, type Locator, type Page } from '@playwright/test';

// The stand-in of the browser tests, on the free port playwright.config.ts chose.
export const API = process.env.E2E_API_URL!;
export const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const service = () => serverClient(API, SERVICE_KEY);

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

/** The stage filter's button ('Open', 'Contacted', 'All'); its name ends with its count. */
export const stageButton = (page: Page, noun: 'applications' | 'inquiries', label: string) =>
  page.getByRole('group', { name: `Show ${noun} by stage` }).getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+$`) });

/** Chooses a stage filter and waits until it is the one in force. */
export async function showStage(page: Page, noun: 'applications' | 'inquiries', label: string) {
  const button = stageButton(page, noun, label);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/**
 * How many records of `table` the stand-in holds at a stage that is not closed: what the list shows by default
 * (its 'Open' filter). The closed stages are the database's own copy of content/workflow.yaml.
 */
export async function openCount(table: 'job_applications' | 'inquiries'): Promise<number> {
  const stages = await service().from(table === 'job_applications' ? 'application_stages' : 'inquiry_stages').select('code').eq('closed', true);
  expect(stages.error).toBeNull();
  const closed = stages.data!.map((stage) => stage.code as string);
  expect(closed.length).toBeGreaterThan(0);
  const { count, error } = await service().from(table).select('*', { count: 'exact', head: true }).not('stage', 'in', `(${closed.join(',')})`);
  expect(error).toBeNull();
  return count!;
}

/** The place of a column in the list's table (0 for Name), found by its header: columns come and go. */
export async function columnIndex(page: Page, header: string): Promise<number> {
  const headers = page.getByRole('table').getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  const texts = await headers.allTextContents();
  const index = texts.indexOf(header);
  expect(index, `a column headed ${header} in ${texts.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** A row's cell in the column headed `header`. */
export async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  return row.locator('td').nth(await columnIndex(page, header));
}

/** Every row's cell in the column headed `header`, top to bottom. */
export async function columnCells(page: Page, header: string): Promise<Locator> {
  return page.locator(`tbody tr td:nth-child(${(await columnIndex(page, header)) + 1})`);
}
