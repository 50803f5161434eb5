/**
 * The analytics bootstrap a public page loads (`<script type="module">`, built by scripts/generator/buildAnalytics.ts
 * only when VITE_POSTHOG_KEY is set). It stays under 2 KB gzipped and never blocks rendering: posthog-js
 * (start.ts) is fetched only once the page has long been usable (idle.ts). Meanwhile clicks on elements
 * declared with `trackAttributes` (markup.ts) and events from other scripts (bridge.ts) are queued, then sent
 * after the page view; those still queued when the page is left (a click on a link to the next page, made
 * before posthog-js was there) go with the visitor in sessionStorage and are sent by the next page's boot script.
 * Nothing here may break the page: every failure ends in "no analytics".
 */
import { PAGE_AWARE_EVENTS, type EventName } from './events.ts';
import { loadAnalytics } from './load.ts';
import { declaredProperties, TRACK_ATTRIBUTE } from './markup.ts';
import { TRACK_DOM_EVENT } from './bridge.ts';
import { afterLoadWhenIdle } from './idle.ts';
import { visitorOptedOut } from './privacy.ts';

type Pending = [event: EventName, properties?: Record<string, unknown>];

const queue: Pending[] = [];
const CARRIED = 'analytics:queue';
let send: ((pending: Pending) => void) | undefined = (pending) => void queue.push(pending);

function record(pending: Pending) {
  try {
    send?.(pending);
  } catch {
    // A failing capture must not reach the page's own click handlers.
  }
}

function onClick(event: Event) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${TRACK_ATTRIBUTE}]`) : null;
  if (!target) return;
  const name = target.getAttribute(TRACK_ATTRIBUTE) as EventName;
  const properties: Record<string, unknown> = declaredProperties(target.dataset);
  if ((PAGE_AWARE_EVENTS as readonly string[]).includes(name)) properties.current_page = location.pathname;
  record([name, properties]);
}

function onEmitted(event: Event) {
  const detail = (event as CustomEvent<Pending>).detail;
  if (Array.isArray(detail)) record(detail);
}

/** Keeps what is still queued when the page goes, for the next page of the site in this tab. */
function carry() {
  try {
    if (queue.length) sessionStorage.setItem(CARRIED, JSON.stringify(queue));
  } catch {
    // No storage (blocked, full): those clicks are not sent.
  }
}

/** What the page before left queued. */
function carried(): Pending[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(CARRIED) ?? '[]') as Pending[];
    sessionStorage.removeItem(CARRIED);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function stop() {
  send = undefined;
  queue.length = 0;
  removeEventListener('pagehide', carry);
  document.removeEventListener('click', onClick, true);
  document.removeEventListener(TRACK_DOM_EVENT, onEmitted);
}

function start() {
  loadAnalytics()
    .then((analytics) => {
      if (!analytics) return stop();
      analytics.pageview();
      // The declared events are checked where they are written (trackAttributes, emitTrack).
      send = ([name, properties]) => (analytics.track as (name: string, properties?: unknown) => void)(name, properties);
      carried().concat(queue.splice(0)).forEach(record);
    })
    .catch(stop);
}

try {
  if (!visitorOptedOut()) {
    // Capture phase: the click is seen even if a handler below stops it, and before a link leaves the page.
    document.addEventListener('click', onClick, true);
    document.addEventListener(TRACK_DOM_EVENT, onEmitted);
    addEventListener('pagehide', carry);
    void afterLoadWhenIdle().then(start);
  }
} catch {
  stop();
}
