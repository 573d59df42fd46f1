/// <reference lib="webworker" />
/*
 * Papo's service worker (decision 026), built to /sw.js by build/service-worker.ts. It precaches the
 * shell's hashed assets and keeps every other one as it is first loaded; keeps the last copy of each public page visited and shows it offline (network first); shows
 * an offline page for a page never visited; never touches /api, the socket or uploads, so no answer carrying a
 * member's data is ever stored; waits for the reader's "Atualizar" before a new version takes over; shows pushes.
 */
import type { PushMessage } from '@papo/contract/push';
import { isRecord } from '@papo/contract/records';
import notificationsEn from '../../features/notifications/locales/en.json';
import notificationsEs from '../../features/notifications/locales/es.json';
import notificationsFr from '../../features/notifications/locales/fr.json';
import notificationsPt from '../../features/notifications/locales/pt.json';
import pwaEn from '../../features/pwa/locales/en.json';
import pwaEs from '../../features/pwa/locales/es.json';
import pwaFr from '../../features/pwa/locales/fr.json';
import pwaPt from '../../features/pwa/locales/pt.json';
import { isPublicPage } from './public-pages';

declare const self: ServiceWorkerGlobalScope;
/** The build's hashed assets (defined by the build). */
declare const __PRECACHE__: string[];
/** A hash of the build, naming this version's caches. */
declare const __BUILD__: string;

const precacheName = `papo-precache-${__BUILD__}`;
const pagesName = `papo-pages-${__BUILD__}`;
const precached = new Set(__PRECACHE__);

const texts = {
  pt: { ...notificationsPt, ...pwaPt },
  en: { ...notificationsEn, ...pwaEn },
  fr: { ...notificationsFr, ...pwaFr },
  es: { ...notificationsEs, ...pwaEs },
};
type Language = keyof typeof texts;

const isLanguage = (value: string): value is Language => Object.hasOwn(texts, value);

function languageOf(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'pt';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');
}

self.addEventListener('install', (event) => {
  // no skipWaiting: a new version waits until the reader chooses "Atualizar" (or closes every tab).
  event.waitUntil(caches.open(precacheName).then((cache) => cache.addAll([...precached])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // the pages kept by the previous version name its assets, which go with it.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('papo-') && name !== precacheName && name !== pagesName)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (isRecord(event.data) && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (precached.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(request, url));
  // Everything else (/api, the socket, uploads, media) goes to the network untouched and is never stored.
});

/** A hashed asset never changes: from the cache, else from the network and kept (a screen's chunks, first loaded). */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(precacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

/** A page: from the network, kept when public; offline, the kept copy or the offline page. */
async function page(request: Request, url: URL): Promise<Response> {
  const keep = isPublicPage(url.pathname);
  try {
    const response = await fetch(request);
    if (keep && response.ok && response.status === 200 && !response.redirected) {
      const cache = await caches.open(pagesName);
      // keyed without the query string's tracking noise would be nicer; the whole URL is what was visited.
      await cache.put(url.pathname + url.search, response.clone());
    }
    return response;
  } catch {
    const kept = keep ? await caches.match(url.pathname + url.search, { cacheName: pagesName }) : undefined;
    return kept ?? offlinePage();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The first wait before the offline page asks the server again by itself, in seconds; each wait doubles it. */
const firstRetrySeconds = 5;
/** The longest wait between two tries: a phone left on the page keeps trying gently. */
const longestRetrySeconds = 60;

/**
 * The offline page's script: it asks the server again (a HEAD of the page, which this worker leaves to the network)
 * when the browser says it is online again, after waits that double, and on "Tentar de novo", saying which it is
 * doing; any answer means the network is back, and the page loads. A reload while offline would draw this
 * page again and start its waits over, so the page asks first.
 */
function retryScript(t: { retrying: string; waiting: string }): string {
  const textsJson = JSON.stringify(t).replace(/</g, '\\u003c');
  return `(() => {
const t = ${textsJson};
const status = document.getElementById('retry-status');
let delay = ${firstRetrySeconds};
let timer;
function wait() {
  status.textContent = t.waiting.replace('{{seconds}}', String(delay));
  timer = setTimeout(check, delay * 1000);
  delay = Math.min(delay * 2, ${longestRetrySeconds});
}
async function check() {
  clearTimeout(timer);
  status.textContent = t.retrying;
  try {
    await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
    location.reload();
  } catch {
    wait();
  }
}
addEventListener('online', check);
document.getElementById('retry-now').addEventListener('click', check);
wait();
})();`;
}

function offlinePage(): Response {
  const language = languageOf(self.navigator.languages);
  const t = texts[language].pwa.offline;
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#047857">
<title>${escapeHtml(t.title)} · Papo</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:1.5rem;padding:1.5rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;box-shadow:0 1px 2px rgb(0 0 0 / .05)}
h1{margin:0 0 .5rem;font-size:1.25rem}
p{margin:0 0 1.25rem;color:#334155}
.status{margin-top:-.75rem;font-size:.875rem;color:#475569;min-height:1.3rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
a,button{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border-radius:.5rem;font:600 .875rem system-ui,sans-serif;cursor:pointer;text-decoration:none}
button{border:0;background:#047857;color:#fff}
a{border:1px solid #cbd5e1;color:#0f172a;background:#fff}
</style>
</head>
<body>
<main data-testid="offline-page">
<img src="/favicon.svg" alt="" width="40" height="40">
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<p id="retry-status" role="status" class="status"></p>
<div class="actions"><button type="button" id="retry-now">${escapeHtml(t.retry)}</button><a href="/">${escapeHtml(t.home)}</a></div>
</main>
<script>${retryScript({ retrying: t.retrying, waiting: t.waiting })}</script>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** A push's payload as the server sends it (`PushMessage`), or null when it is not one. */
function pushMessageOf(value: unknown): PushMessage | null {
  if (!isRecord(value)) return null;
  const { id, type, name, by, url, tag, language } = value;
  if (typeof type !== 'string' || typeof name !== 'string' || typeof url !== 'string' || typeof tag !== 'string')
    return null;
  return {
    id: typeof id === 'number' ? id : 0,
    type,
    name,
    by: typeof by === 'string' ? by : undefined,
    url,
    tag,
    language: typeof language === 'string' ? language : 'pt',
  };
}

self.addEventListener('push', (event) => {
  let message: PushMessage | null;
  try {
    message = pushMessageOf(event.data?.json());
  } catch {
    return;
  }
  if (!message) return;
  const language = isLanguage(message.language) ? message.language : 'pt';
  const t = texts[language];
  const types = new Map<string, string>(Object.entries(t.notifications.types));
  const values = { name: message.name, by: message.by ?? '' };
  const body =
    message.type === 'mention' && message.by
      ? fill(t.pwa.push.mentionBy, values)
      : fill(types.get(message.type) ?? types.get('generic') ?? '', values);
  // `renotify` is missing from TypeScript's NotificationOptions; browsers that know it honour it.
  const options: NotificationOptions & { renotify: boolean } = {
    body,
    tag: message.tag,
    // a later push of the same conversation or channel replaces the earlier one, and still rings.
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/maskable-192.png',
    lang: language,
    data: { url: message.url },
  };
  event.waitUntil(self.registration.showNotification('Papo', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const target = new URL(isRecord(data) && typeof data.url === 'string' ? data.url : '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // a window this worker does not control cannot be navigated: a new one opens instead.
      const navigated = open ? await open.navigate(target.href).catch(() => null) : null;
      if (navigated) await navigated.focus();
      else await self.clients.openWindow(target.href);
    })(),
  );
});
