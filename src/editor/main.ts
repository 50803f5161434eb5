/**
 * The content editor's page (/admin/content/): Decap CMS over the content files, configured from the zod schemas
 * (config.yml, written by the build from scripts/generator/editorConfig.ts).
 * Under `npm start` the site server answers Decap's local API (scripts/live/editorApi.ts): saves write the files in
 * content/, the content watcher builds the site again, and the box at the foot of the page says whether the last
 * save is on the site or, refused, what is wrong with it in the words of `npm run check` (Decap's own "Published"
 * does not say otherwise meanwhile); a file someone else saved that waits to be corrected is only named. Elsewhere the editor works on GitHub
 * (CMS_GITHUB_REPO at build time): every change is a pull request, checked before it is merged.
 */
import { parse } from 'yaml';
import { EDITOR_API_PATH, EDITOR_CONFIG_FILE, EDITOR_STATUS_PATH, pagesOf, type EditorPageConfig, type EditorStatus } from './shared.ts';
import { fromMdx, fromYaml, toMdx, toYaml } from './formats.ts';
import { guideSection } from '../guides.ts';

interface DecapGlobal {
  init(options: { config: object }): void;
  registerCustomFormat(name: string, extension: string, format: { fromFile(text: string): object; toFile(data: Record<string, unknown>): string }): void;
  /** A handler is given the entry (an Immutable map: its `path` is the file's, once it has one); it must return nothing, or its data replaces the entry's. */
  registerEventListener(listener: { name: 'preSave' | 'prePublish' | 'postSave' | 'postPublish'; handler: (event: { entry?: { get(key: string): unknown } }) => undefined }): void;
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


/** Where an entry's file is under content/, from the editor's address (#/collections/<name>/entries/<slug>). */
function entryFile(): string | undefined {
  const match = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(location.hash);
  if (!match) return undefined;
  const [, name, slug] = match.map((part) => decodeURIComponent(part)) as [string, string, string];
  const collection = collections().find((candidate) => candidate.name === name);
  const file = collection?.files?.find((candidate) => candidate.name === slug)?.file ?? (collection?.folder ? `${collection.folder}/${slug}.${collection.extension ?? 'yaml'}` : undefined);
  return file?.startsWith('content/') ? file.slice('content/'.length) : undefined;
}

interface Collection {
  name: string;
  label?: string;
  label_singular?: string;
  folder?: string;
  extension?: string;
  files?: Array<{ name: string; label?: string; file: string }>;
}

function collections(): Collection[] {
  return (page.config.collections as Collection[] | undefined) ?? [];
}

/** A file under content/ as the editor names it: its entry's label, or its collection's and its name. */
function fileLabel(file: string): string {
  for (const collection of collections()) {
    const entry = collection.files?.find((candidate) => candidate.file === `content/${file}`);
    if (entry) return `“${entry.label ?? entry.name}”`;
    if (collection.folder && `content/${file}`.startsWith(`${collection.folder}/`)) {
      return `${collection.label_singular ?? collection.label ?? collection.name} “${file.slice(collection.folder.length - 'content/'.length + 1).replace(/\.[a-z]+$/, '')}”`;
    }
  }
  return file;
}

/** The words Decap shows for a saved entry, which say it is published: not so while the site refuses it. */
const DECAP_PUBLISHED = new Set(['Published', 'Changes saved']);
const NOT_ON_SITE = 'Not on the site yet';

/**
 * The box at the foot of the page says whether the last save is on the site, in one voice: while the build refuses
 * it, Decap's own "Published" and "Changes saved" read "Not on the site yet" and its green "Entry saved" is not shown
 * (the page's style hides it while html[data-last-save="refused"]). A save that is built says so, with its page.
 * Each editor sees the problems of the file they saved (or, before saving, of the entry open), and only a note
 * when another file waits to be corrected: the site keeps that file's last good version (scripts/live/standIn.ts).
 */
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
  /** The file this page saved last, under content/ (a new entry has none until it is written: then the build's). */
  let savedFile: string | undefined;
  let latest: EditorStatus | undefined;
  const saving = (event: { entry?: { get(key: string): unknown } }) => {
    savedAt = Date.now();
    const saved = event.entry?.get('path');
    savedFile = typeof saved === 'string' && saved.startsWith('content/') ? saved.slice('content/'.length) : undefined;
    return undefined;
  };
  const saved = () => {
    if (!latest || latest.state === 'idle' || latest.state === 'building' || Date.parse(latest.at) < savedAt) show({ state: 'building', files: [], at: new Date(savedAt).toISOString() });
    return undefined;
  };
  CMS.registerEventListener({ name: 'preSave', handler: saving });
  CMS.registerEventListener({ name: 'prePublish', handler: saving });
  CMS.registerEventListener({ name: 'postSave', handler: saved });
  CMS.registerEventListener({ name: 'postPublish', handler: saved });

  // Decap's words for a saved entry, while the site refuses it: each text changed, to be given back after.
  let refused = false;
  const relabelled = new Map<Text, string>();
  let relabelling = 0;
  function relabel() {
    relabelling = 0;
    if (!refused) {
      for (const [node, words] of relabelled) {
        if (node.nodeValue === NOT_ON_SITE) node.nodeValue = words;
        delete node.parentElement?.dataset.notOnSite;
      }
      relabelled.clear();
      return;
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const words = node.nodeValue ?? '';
      if (DECAP_PUBLISHED.has(words.trim()) && !bar.contains(node)) {
        relabelled.set(node, words);
        node.nodeValue = NOT_ON_SITE;
        // In the box's red, not Decap's green (the page's style).
        if (node.parentElement) node.parentElement.dataset.notOnSite = '';
      }
    }
  }
  new MutationObserver(() => {
    if (refused && !relabelling) relabelling = requestAnimationFrame(relabel);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  function setRefused(now: boolean) {
    if (now) document.documentElement.dataset.lastSave = 'refused';
    else delete document.documentElement.dataset.lastSave;
    if (now === refused) return;
    refused = now;
    relabel();
  }

  function paragraph(words: string, className?: string): HTMLParagraphElement {
    const line = document.createElement('p');
    line.textContent = words;
    if (className) line.className = className;
    return line;
  }

  function seeIt(pages: string[]): HTMLParagraphElement {
    const links = document.createElement('p');
    links.append('See it: ');
    pages.forEach((pagePath, i) => {
      const link = document.createElement('a');
      link.href = pagePath;
      link.target = '_blank';
      link.textContent = pagePath;
      if (i) links.append(', ');
      links.append(link);
    });
    return links;
  }

  function show(status: EditorStatus) {
    // The file the box is about: the one saved here, or before any save the entry open.
    const subject = savedAt ? (savedFile ?? (status.state !== 'idle' && status.files.length === 1 ? status.files[0] : undefined)) : entryFile();
    const waiting = status.state === 'idle' ? [] : (status.waiting ?? []);
    const own = subject ? waiting.find((file) => file.file === subject) : undefined;
    const others = waiting.filter((file) => file !== own);
    const key = JSON.stringify([status, subject, savedAt > 0]);
    if (key === shown) return;
    shown = key;
    const parts: HTMLElement[] = [];
    let state: string = status.state;
    const mine = savedAt > 0;
    if (status.state === 'building' && mine) {
      parts.push(paragraph('Saved. Building the site with your change…'));
    } else if (status.state === 'failed' && status.stopped && mine) {
      parts.push(paragraph('Not on the site yet: its build took too long and was stopped, and the site still shows the version before it. Your words are kept in the file: save again to build them once more.'));
    } else if (own) {
      state = 'failed';
      const line = document.createElement('p');
      const strong = document.createElement('strong');
      strong.textContent = `${NOT_ON_SITE}.`;
      line.append(strong, ' The site still shows this page as it was before. What is wrong:');
      parts.push(line, paragraph(own.message, 'problems'), paragraph('Your words are kept in the file; correct it and save again.'));
    } else if (status.state === 'failed' && mine) {
      const line = document.createElement('p');
      const strong = document.createElement('strong');
      strong.textContent = `${NOT_ON_SITE}.`;
      line.append(strong, ' The site could not be built, and still shows the version before. What is wrong:');
      parts.push(line, paragraph(status.message, 'problems'), paragraph('Your words are kept in the file; correct it and save again.'));
    } else if (status.state === 'live' && mine) {
      const line = document.createElement('p');
      const strong = document.createElement('strong');
      strong.textContent = 'On the site now.';
      line.append(strong, ` Your last save was built at ${new Date(status.at).toLocaleTimeString()}.`);
      parts.push(line);
      const pages = subject && !subject.startsWith('images/') ? pagesOf(subject) : status.pages;
      if (pages.length) parts.push(seeIt(pages));
      if (status.notes) parts.push(...notes(status.notes));
    } else {
      state = 'idle';
      parts.push(paragraph('Saves you make here are built into the site within seconds.'));
    }
    if (others.length) {
      const names = others.map((file) => fileLabel(file.file));
      parts.push(
        paragraph(
          names.length === 1
            ? `Another page, ${names[0]}, has a change waiting to be corrected; it is not on the site yet.`
            : `Other pages, ${names.join(', ')}, have changes waiting to be corrected; they are not on the site yet.`,
          'others',
        ),
      );
    }
    bar.dataset.state = state;
    text.replaceChildren(...parts);
    setRefused(state === 'failed');
  }

  /** What the build noted (a service no page links to yet): there to open, out of the way of the form. */
  function notes(noted: string): HTMLElement[] {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'The build noted something to look at';
    const message = document.createElement('pre');
    message.textContent = noted;
    details.append(summary, message);
    // A new service no page links to yet: where to add it, in the editor's words.
    if (!/no page links to \//i.test(noted)) return [details];
    return [details, paragraph('Add it to the services directory: Agency and site-wide, then Services directory, then Add entry (its address, a description, an icon and a category), so families find it.')];
  }

  // The entry open changes what the box is about before any save. A new entry's save moves Decap to the entry's own
  // address: a status from before that save is not this save's, which is still being built.
  window.addEventListener('hashchange', () => {
    if (!latest) return;
    if (savedAt > 0 && (latest.state === 'idle' || Date.parse(latest.at) < savedAt)) show({ state: 'building', files: [], at: new Date(savedAt).toISOString() });
    else show(latest);
  });

  async function poll() {
    try {
      const response = await fetch(EDITOR_STATUS_PATH, { cache: 'no-store' });
      const status = response.ok ? ((await response.json()) as EditorStatus) : undefined;
      if (status && (status.state === 'idle' ? savedAt === 0 : savedAt === 0 || status.state === 'building' || Date.parse(status.at) >= savedAt)) show((latest = status));
    } catch {
      // The site server is restarting: the next poll finds it.
    }
    setTimeout(poll, 700);
  }
  void poll();
}
