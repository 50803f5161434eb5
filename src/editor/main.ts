/**
 * The content editor's page (/admin/content/): Decap CMS over the content files, configured from the zod schemas
 * (config.yml, written by the build from scripts/generator/editorConfig.ts).
 * Under `npm start` the site server answers Decap's local API (scripts/live/editorApi.ts): saves write the files in
 * content/, the content watcher builds the site again, and the bar at the foot of the page says whether the last
 * save is live or what the build refused, in the words of `npm run check`. Elsewhere the editor works on GitHub
 * (CMS_GITHUB_REPO at build time): every change is a pull request, checked before it is merged.
 */
import { parse } from 'yaml';
import { EDITOR_API_PATH, EDITOR_CONFIG_FILE, EDITOR_STATUS_PATH, type EditorPageConfig, type EditorStatus } from './shared.ts';
import { fromMdx, fromYaml, toMdx, toYaml } from './formats.ts';
import { guideSection } from '../guides.ts';

interface DecapGlobal {
  init(options: { config: object }): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): object; toFile(data: Record<string, unknown>): string }): void;
  registerEventListener(listener: { name: 'preSave' | 'prePublish' | 'postSave' | 'postPublish'; handler: () => void }): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapGlobal;
  }
}

// The icon fields share one list, written once in the file: aliases are expanded without a limit.
const page = parse(await (await fetch(`/${EDITOR_CONFIG_FILE}`, { cache: 'no-store' })).text(), { maxAliasCount: -1 }) as EditorPageConfig;

/** Whether this site server answers Decap's local API (npm start): then saves go to the files themselves. */
async function localApi(): Promise<boolean> {
  try {
    const response = await fetch(EDITOR_API_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'info', params: {} }) });
    return response.ok;
  } catch {
    return false;
  }
}

function loadDecap(src: string): Promise<DecapGlobal> {
  window.CMS_MANUAL_INIT = true;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => (window.CMS ? resolve(window.CMS) : reject(new Error('Decap CMS did not load')));
    script.onerror = () => reject(new Error('Decap CMS could not be loaded'));
    document.head.append(script);
  });
}

function notice(heading: string, text: string) {
  const main = document.createElement('main');
  main.className = 'editor-notice';
  const h1 = document.createElement('h1');
  h1.textContent = heading;
  const p = document.createElement('p');
  p.textContent = text;
  main.append(h1, p);
  document.body.append(main);
}

const local = await localApi();
if (!local && !page.backend) {
  notice(
    'The content editor is not set up for this site yet',
    `Whoever manages the site sets CMS_GITHUB_REPO (and the sign-in gateway, CMS_AUTH_URL) when the site is built: the guide ${guideSection('editorInProduction')} says how. Until then, content is changed in the files under content/.`,
  );
} else {
  const CMS = await loadDecap(page.decapSrc);
  CMS.registerCustomFormat('content-yaml', 'yaml', { fromFile: fromYaml, toFile: toYaml });
  CMS.registerCustomFormat('content-mdx', 'mdx', { fromFile: fromMdx, toFile: toMdx });
  CMS.init({
    config: {
      load_config_file: false,
      ...page.config,
      ...(local
        ? { backend: { name: 'proxy', proxy_url: EDITOR_API_PATH, branch: 'main' }, site_url: location.origin, display_url: location.origin }
        : { backend: page.backend, publish_mode: 'editorial_workflow', ...(page.siteUrl ? { site_url: page.siteUrl, display_url: page.siteUrl } : {}) }),
    },
  });
  if (local) followBuilds(CMS);
}

/** The bar at the foot of the page: the last save is being built, is live, or was refused by the build. */
function followBuilds(CMS: DecapGlobal) {
  const bar = document.createElement('section');
  bar.className = 'editor-status';
  bar.setAttribute('aria-label', 'Your last save on the site');
  const text = document.createElement('div');
  text.setAttribute('role', 'status');
  bar.append(text);
  document.body.append(bar);
  let shown = '';
  // When the editor last began to save: until the watcher has built something after it, that save is being built
  // (the status of the save before must not pass for this one's). Taken before the file is sent, not once Decap
  // says it is saved: a change is often built and live before Decap says so.
  let savedAt = 0;
  let latest: EditorStatus | undefined;
  const saving = () => {
    savedAt = Date.now();
  };
  const saved = () => {
    if (!latest || latest.state === 'idle' || latest.state === 'building' || Date.parse(latest.at) < savedAt) show({ state: 'building', files: [], at: new Date(savedAt).toISOString() });
  };
  CMS.registerEventListener({ name: 'preSave', handler: saving });
  CMS.registerEventListener({ name: 'prePublish', handler: saving });
  CMS.registerEventListener({ name: 'postSave', handler: saved });
  CMS.registerEventListener({ name: 'postPublish', handler: saved });

  function show(status: EditorStatus) {
    const key = JSON.stringify(status);
    if (key === shown) return;
    shown = key;
    bar.dataset.state = status.state;
    text.replaceChildren();
    const line = document.createElement('p');
    if (status.state === 'building') line.textContent = 'Saved. Building the site with your change…';
    else if (status.state === 'live') line.textContent = `Your last save is live on the site (built at ${new Date(status.at).toLocaleTimeString()}).`;
    else if (status.state === 'failed' && status.stopped) line.textContent = 'Your last save is not on the site yet: its build took too long and was stopped, and the site still shows the version before it.';
    else if (status.state === 'failed') line.textContent = 'Your last save is not on the site: the build refused it, and the site still shows the version before it. Correct this and save again:';
    else line.textContent = 'Saves you make here are built into the site within seconds.';
    text.append(line);
    if (status.state === 'live' && status.pages.length) {
      const links = document.createElement('p');
      links.append('See it: ');
      status.pages.forEach((pagePath, i) => {
        const link = document.createElement('a');
        link.href = pagePath;
        link.target = '_blank';
        link.textContent = pagePath;
        if (i) links.append(', ');
        links.append(link);
      });
      text.append(links);
    }
    if (status.state === 'failed') {
      const message = document.createElement('pre');
      message.textContent = status.message;
      text.append(message);
    } else if (status.state === 'live' && status.notes) {
      // What the build noted (a service no page links to yet): there to open, out of the way of the form.
      const notes = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = 'The build noted something to look at';
      const message = document.createElement('pre');
      message.textContent = status.notes;
      notes.append(summary, message);
      text.append(notes);
      // A new service no page links to yet: where to add it, in the editor's words.
      if (/no page links to \//.test(status.notes)) {
        const offer = document.createElement('p');
        offer.textContent = 'Add it to the services directory: Agency and site-wide, then Services directory, then Add entry (its address, a description, an icon and a category), so families find it.';
        text.append(offer);
      }
    }
  }

  async function poll() {
    try {
      const response = await fetch(EDITOR_STATUS_PATH, { cache: 'no-store' });
      const status = response.ok ? ((await response.json()) as EditorStatus) : undefined;
      if (status && (status.state === 'idle' ? savedAt === 0 : status.state === 'building' || Date.parse(status.at) >= savedAt)) show((latest = status));
    } catch {
      // The site server is restarting: the next poll finds it.
    }
    setTimeout(poll, 700);
  }
  void poll();
}
