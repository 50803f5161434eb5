/**
 * The analytics pieces that need no browser: what buildAnalytics ships with and without a key, the boot script's
 * budget, the declarative markup, the spec's page mapping and options, and (checked by tsc) that a misspelt event
 * or property does not compile. The browser tests are tests/e2e/analytics.spec.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildAnalytics } from '../../scripts/generator/buildAnalytics.ts';
import type { Track } from '../../src/analytics/events.ts';
import { allServicesLink, contactLink, declared, mailtoLink, pageLink, serviceLink, telLink } from '../../src/analytics/links.ts';
import { declaredProperties, trackAttributes } from '../../src/analytics/markup.ts';
import { posthogOptions } from '../../src/analytics/options.ts';
import { visitorOptedOut } from '../../src/analytics/privacy.ts';
import { servicePageView } from '../../src/analytics/servicePages.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'analytics-build-'));
  dirs.push(dir);
  return { outDir: path.join(dir, 'client'), manifest: path.join(dir, 'server/analytics-script.json') };
}

describe('buildAnalytics', () => {
  it('builds nothing and removes an old manifest when VITE_POSTHOG_KEY is unset or blank', async () => {
    for (const env of [{}, { VITE_POSTHOG_KEY: '  ', VITE_POSTHOG_HOST: 'https://eu.i.posthog.com' }]) {
      const { outDir, manifest } = tempDir();
      mkdirSync(path.dirname(manifest), { recursive: true });
      writeFileSync(manifest, '{"src":"/assets/analytics.old.js"}\n');
      expect(await buildAnalytics({ outDir, manifest, env })).toBeUndefined();
      expect(existsSync(manifest)).toBe(false);
      expect(existsSync(outDir)).toBe(false);
    }
  });

  it('with a key, ships a boot script under 2 KB gzipped that loads posthog-js, with the key and host, as a separate chunk', async () => {
    const { outDir, manifest } = tempDir();
    const env = { VITE_POSTHOG_KEY: 'phc_unit_key', VITE_POSTHOG_HOST: 'https://eu.i.posthog.com' };
    const build = (await buildAnalytics({ outDir, manifest, env }))!;

    expect(JSON.parse(readFileSync(manifest, 'utf8'))).toEqual({ src: build.src });
    expect(readdirSync(path.join(outDir, 'assets')).map((file) => `assets/${file}`).sort()).toEqual([...build.files].sort());
    expect(build.files).toHaveLength(2);
    expect(build.bootGzipBytes).toBeLessThan(2048);
    const boot = readFileSync(path.join(outDir, build.src), 'utf8');
    const chunk = readFileSync(path.join(outDir, build.files[1]!), 'utf8');
    expect(boot).toContain(`import(\`./${path.basename(build.files[1]!)}\`)`);
    expect(boot).not.toMatch(/posthog|__vitePreload|phc_unit_key/);
    expect(chunk).toContain('phc_unit_key');
    expect(chunk).toContain('https://eu.i.posthog.com');
    expect(chunk).not.toContain('VITE_POSTHOG_TEST_ALLOW_HEADLESS');
    expect(build.lazyGzipBytes).toBeGreaterThan(50_000);
  });
});

describe('loadAnalytics, as a Vite app such as /admin bundles it', () => {
  it('leaves posthog-js out of the bundle when the app is built without VITE_POSTHOG_KEY', async () => {
    const saved = process.env.VITE_POSTHOG_KEY;
    delete process.env.VITE_POSTHOG_KEY;
    try {
      const output = (await build({
        root: process.cwd(),
        configFile: false,
        envDir: false,
        logLevel: 'warn',
        build: { write: false, rolldownOptions: { input: { app: 'src/analytics/load.ts' }, preserveEntrySignatures: 'strict' } },
      })) as Rolldown.RolldownOutput;
      const chunks = output.output.filter((item) => item.type === 'chunk');
      expect(chunks.map((chunk) => chunk.name)).toEqual(['app']);
      expect(chunks[0]!.code).not.toMatch(/posthog|import\(/);
    } finally {
      if (saved !== undefined) process.env.VITE_POSTHOG_KEY = saved;
    }
  });
});

describe('declared clicks', () => {
  it('the pages declare nothing without VITE_POSTHOG_KEY: they stay as they are without analytics', () => {
    vi.stubEnv('VITE_POSTHOG_KEY', '');
    try {
      expect(declared('phone_call_clicked', { source: 'hero', phone_number: '+12035550123' })).toEqual({});
      expect(telLink('+12035550123', 'footer')).toEqual({ href: 'tel:+12035550123' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('trackAttributes writes data-track attributes that the click script reads back as the properties', () => {
    const attributes = trackAttributes('phone_call_clicked', { source: 'post_surgical_recovery_cta', phone_number: '+12035550123' });
    expect(attributes).toEqual({
      'data-track': 'phone_call_clicked',
      'data-track-source': 'post_surgical_recovery_cta',
      'data-track-phone-number': '+12035550123',
    });
    // What the browser's dataset makes of those attributes.
    expect(declaredProperties({ track: 'phone_call_clicked', trackSource: 'post_surgical_recovery_cta', trackPhoneNumber: '+12035550123', other: 'x' })).toEqual({
      source: 'post_surgical_recovery_cta',
      phone_number: '+12035550123',
    });
    expect(trackAttributes('get_started_clicked')).toEqual({ 'data-track': 'get_started_clicked' });
  });

  it('the link helpers give each kind of link its href and event', () => {
    vi.stubEnv('VITE_POSTHOG_KEY', 'phc_unit_key');
    onTestFinished(() => void vi.unstubAllEnvs());
    expect(telLink('+12035550123', 'footer')).toEqual({
      href: 'tel:+12035550123',
      'data-track': 'phone_call_clicked',
      'data-track-source': 'footer',
      'data-track-phone-number': '+12035550123',
    });
    expect(mailtoLink('care@example.com', 'form_card')).toEqual({ href: 'mailto:care@example.com', 'data-track': 'email_clicked', 'data-track-source': 'form_card' });
    expect(serviceLink('/personal-care', 'header_menu')).toEqual({
      href: '/personal-care',
      'data-track': 'service_navigation_clicked',
      'data-track-service-type': 'personal-care',
      'data-track-source': 'header_menu',
    });
    expect(pageLink('/about', 'header')).toEqual({ href: '/about', 'data-track': 'navigation_clicked', 'data-track-destination': '/about', 'data-track-source': 'header' });
    expect(contactLink('/contact', 'service_cta')).toEqual({ href: '/contact', 'data-track': 'contact_form_clicked', 'data-track-source': 'service_cta' });
    expect(allServicesLink()).toEqual({ href: '/all-services', 'data-track': 'view_all_services_clicked' });
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  it.each([
    [{ doNotTrack: '1' }, {}, true],
    [{ doNotTrack: 'yes' }, {}, true],
    [{ msDoNotTrack: '1' }, {}, true],
    [{}, { doNotTrack: '1' }, true],
    [{ globalPrivacyControl: true }, {}, true],
    [{ doNotTrack: '0', globalPrivacyControl: false }, {}, false],
    [{ doNotTrack: null }, {}, false],
  ])('navigator %o and window %o: opted out is %s', (navigator, window, optedOut) => {
    vi.stubGlobal('navigator', navigator);
    vi.stubGlobal('window', window);
    try {
      expect(visitorOptedOut()).toBe(optedOut);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('service_page_viewed', () => {
  it('maps the spec pages, with or without a trailing slash, and no other page', () => {
    expect(servicePageView('/')).toEqual({ service_type: 'home', page_title: 'Home' });
    expect(servicePageView('/careers/')).toEqual({ service_type: 'careers', page_title: 'Careers' });
    expect(servicePageView('/24-hour-care')).toEqual({ service_type: '24_hour_care', page_title: '24-Hour Care' });
    expect(servicePageView('/about')).toBeUndefined();
    expect(servicePageView('/careers/companion-caregiver')).toBeUndefined();
  });
});

describe('posthog options', () => {
  const env = { key: 'phc_x', host: 'https://eu.i.posthog.com', allowHeadless: false };
  const supabase = 'https://abcd.supabase.co';
  const site = 'https://www.care.example';
  const page = (pathname: string) => ({ origin: site, pathname });

  it('are the spec configuration, with network payloads and console logs off whatever PostHog says', () => {
    expect(posthogOptions(env, page('/contact'), supabase)).toEqual({
      api_host: 'https://eu.i.posthog.com',
      person_profiles: 'identified_only',
      capture_pageview: false,
      autocapture: { css_selector_ignorelist: ['.ph-no-capture'] },
      capture_performance: true,
      respect_dnt: true,
      disable_session_recording: false,
      enable_recording_console_log: false,
      session_recording: {
        maskAllInputs: false,
        maskInputOptions: { password: true },
        blockClass: 'ph-no-capture',
        blockSelector: '.ph-no-capture',
        recordBody: false,
        recordHeaders: false,
        maskCapturedNetworkRequestFn: expect.any(Function),
      },
      feature_flag_request_timeout_ms: 3000,
      surveys_request_timeout_ms: 10000,
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      properties_string_max_length: 65535,
      opt_out_useragent_filter: false,
    });
  });

  it('never record the dashboard, and record every public page', () => {
    for (const path of ['/admin', '/admin/', '/admin/anything']) expect(posthogOptions(env, page(path), supabase).disable_session_recording, path).toBe(true);
    for (const path of ['/', '/contact', '/careers/companion-caregiver', '/administration']) expect(posthogOptions(env, page(path), supabase).disable_session_recording, path).toBe(false);
  });

  it('record nothing of a request to Supabase or another site, and only the address and timings of the site\'s own', () => {
    const mask = posthogOptions(env, page('/contact'), supabase).session_recording!.maskCapturedNetworkRequestFn!;
    const request = (name: string) => ({
      name,
      entryType: 'resource',
      startTime: 1,
      duration: 2,
      method: 'POST',
      requestHeaders: { 'content-type': 'multipart/form-data' },
      requestBody: 'name=Ottoline+Brackenbury&email=ottoline.b%40example.net',
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: '{"ok":true}',
    });
    for (const url of [
      'https://abcd.supabase.co/functions/v1/submit-inquiry',
      'https://abcd.supabase.co/rest/v1/job_applications?select=*',
      'https://js.hsforms.net/forms/embed/v2.js',
      'https://eu.i.posthog.com/flags/?v=2',
      'http://www.care.example/contact',
      'http://[bad',
    ]) {
      expect(mask(request(url)), url).toBeUndefined();
    }
    expect(mask(request('/contact/thanks'))).toEqual({ name: '/contact/thanks', entryType: 'resource', startTime: 1, duration: 2, method: 'POST' });
    expect(mask(request(`${site}/assets/start.js`))).toEqual({ name: `${site}/assets/start.js`, entryType: 'resource', startTime: 1, duration: 2, method: 'POST' });
  });

  it('record nothing of the site\'s own origin when Supabase is served from it', () => {
    const mask = posthogOptions(env, page('/contact'), `${site}/supabase`).session_recording!.maskCapturedNetworkRequestFn!;
    expect(mask({ name: `${site}/about`, entryType: 'resource', startTime: 0, duration: 0 })).toBeUndefined();
  });
});

describe('the event catalogue', () => {
  it('refuses a misspelt event or property at compile time (checked by tsc)', () => {
    const sent: unknown[] = [];
    const track: Track = (event, ...properties) => void sent.push([event, ...properties]);
    track('get_started_clicked');
    track('email_clicked');
    track('phone_call_clicked', { source: 'hero' });
    track('admin_action', { action: 'view_inquiry_details', inquiry_id: 'b1c2' });
    // @ts-expect-error: no such event
    track('phone_clicked', { source: 'hero' });
    // @ts-expect-error: misspelt property
    track('phone_call_clicked', { sorce: 'hero' });
    // @ts-expect-error: a required property is missing
    track('contact_form_clicked');
    // @ts-expect-error: the spec lists no property for this event
    track('consultation_clicked', { source: 'hero' });
    // @ts-expect-error: admin events carry the application's id, never the applicant's name
    track('admin_action', { action: 'download_resume', applicant_name: 'Jane Doe', position: 'companion-caregiver' });
    // @ts-expect-error: the dashboard search's text is never sent
    track('search_performed', { query: 'jane', query_length: 4, results_count: 1 });
    // @ts-expect-error: only events with text properties can be declared in markup
    trackAttributes('search_performed', { query_length: 4, results_count: 1 });
    expect(sent).toHaveLength(10);
  });
});
