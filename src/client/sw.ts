/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import type { User } from '@shared/contract/auth';
import { apiPaths } from '@/lib/api-paths';
import { replay } from '@/lib/outbox/replay';
import { OUTBOX_SENT_MESSAGE, OUTBOX_SYNC_TAG, type OutboxSentMessage, type SentItem } from '@/lib/outbox/replay-steps';

/**
 * The installable app's service worker (vite.config.ts `pwa`, ADR 028), built by vite-plugin-pwa
 * (injectManifest) to dist/client/sw.js. It precaches every built file, so the app opens with no
 * network after one visit, and, where the browser has Background Sync, sends what waits in the
 * outbox when the network returns, even with the app closed.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** Background Sync's event, which TypeScript's worker types do not have (Chromium alone implements it). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// A new build takes over on the next load, as before: no waiting for every tab of the old one to close.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Navigations open the precached app shell, which routes on the client; never the API's own answers.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

/** The signed-in user (the session cookie goes with the request), or null when no one is signed in. */
async function signedInUser(): Promise<Pick<User, 'id'> | null> {
  const res = await fetch(apiPaths.user, { credentials: 'same-origin' });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return (await res.json()) as Pick<User, 'id'>;
}

/** Tells the app's open pages what was sent, so they refresh the lists that show it. */
async function tellPages(sent: SentItem): Promise<void> {
  const message: OutboxSentMessage = { type: OUTBOX_SENT_MESSAGE, ...sent };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/**
 * Replays the signed-in user's outbox, as the open app would (same code, same Web Lock). Rejects
 * when an item still has to wait for the network or the server, so the browser tries again later;
 * no one signed in, or a replay already running elsewhere, is nothing left to do here.
 */
async function replayOutbox(): Promise<void> {
  const user = await signedInUser();
  if (!user) return;
  const told: Array<Promise<void>> = [];
  const result = await replay(user.id, { force: true, onSent: (sent) => told.push(tellPages(sent)) });
  await Promise.all(told);
  if (result === 'stopped') throw new Error('The outbox waits for the network or the server');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOutbox());
});
