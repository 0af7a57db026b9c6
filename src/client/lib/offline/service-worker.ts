import { OUTBOX_SYNC_TAG } from '@/lib/outbox/replay-steps';

/**
 * Registers the service worker that makes the app open offline (vite.config.ts `pwa`, ADR 028), in
 * production builds only: `vite dev` serves no sw.js, and a worker there would cache modules under
 * development. workbox-window loads after the first render, outside the initial JS.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window')
    .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
    .then(() => requestPersistentStorage())
    .catch((err: unknown) => console.warn('The offline app could not be installed', err));
}

/**
 * Asks the browser to keep this site's storage (the outbox, the records kept for offline use) under
 * storage pressure instead of evicting it (Safari evicts after 7 days without a visit otherwise).
 * Chromium decides silently from engagement; Firefox may ask the user. Safe to call repeatedly.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

/** Background Sync, which TypeScript's DOM types do not have (Chromium alone implements it). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker with a `sync` event once the network is back, so what
 * waits in the outbox is sent even if the app is closed meanwhile (ADR 028). Where the browser has
 * no Background Sync, or no worker is installed (development), the open app's own replay does it.
 */
export async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || typeof ServiceWorkerRegistration === 'undefined' || !('sync' in ServiceWorkerRegistration.prototype)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (registration as (ServiceWorkerRegistration & { sync: SyncManager }) | undefined)?.sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (no permission, a worker not yet active): the open app replays on its own.
  }
}
