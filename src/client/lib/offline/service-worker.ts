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
