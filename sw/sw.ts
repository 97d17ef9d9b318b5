/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';
import { classifyConnection, type NetworkInformationLike } from '../web/src/data/connection';
import { DeviceSettingsDB, DeviceSettingsStore } from '../web/src/data/device-settings';
import { processQueueInWorker } from '../web/src/data/processing/background-sync';
import { BACKGROUND_SYNC_TAG } from '../web/src/data/processing/queue';
import { RecordingsStore, VeldVetDB } from '../web/src/data/recordings-db';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

/**
 * The VeldVet service worker: precaches the built shell so the app opens offline after one visit, and
 * processes queued recordings by Background Sync when no page is open (web/src/data/processing/queue.ts).
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes (/app, /history, …) load the cached shell offline. API calls never do: a cached
// index.html answering /api/* would look like success to the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

// The precache holds only the shell and the recorder (issue 19: a first visit on cellular). Everything
// else the build emits — pdfmake and its fonts, the history, settings and admin pages — is cached the
// first time it is used, and then works offline. Their names carry a content hash, so a cached copy never
// goes stale; older releases' files are never asked for again and age out (least recently used first).
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'veldvet-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

// The page asks for this when the user accepts an update (see web/src/lib/serviceWorker.ts).
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

// The first install takes control of the open page at once, so it works offline without a second visit.
clientsClaim();

// Background Sync (Chromium): a recording that could not be processed offline is processed when the
// connection returns. An open page does the work itself (it shows progress); with no page open the worker
// processes here. Where Background Sync is missing (Safari, Firefox) the page's own retries on open,
// `online` and visibility change cover it.
self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (syncEvent.tag === BACKGROUND_SYNC_TAG) syncEvent.waitUntil(drainProcessingQueue());
});

async function drainProcessingQueue(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length > 0) {
    for (const client of windows) client.postMessage({ type: 'run-queue' });
    return;
  }
  await processQueueInWorker({
    store: new RecordingsStore(new VeldVetDB()),
    settings: new DeviceSettingsStore(new DeviceSettingsDB()),
    fetch: (input, init) => fetch(input, init),
    connection: () => {
      const navigator = self.navigator as WorkerNavigator & { connection?: NetworkInformationLike };
      return classifyConnection(navigator.onLine, navigator.connection);
    },
  });
}
