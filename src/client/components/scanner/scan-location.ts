import { useSyncExternalStore } from 'react';

/**
 * "Scanning at <location>" (ADR 027): a location tag scanned first sets where the assets registered
 * next are, until cleared or another tag is scanned. Kept per device (localStorage), as surveyors
 * carry one phone round a site; the top bar shows it with a way to clear it.
 */
export interface ScanLocation {
  id: string;
  name: string;
  path: string;
}

const KEY = 'asset-register:scan-location';
const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cached: ScanLocation | null = null;

function read(): ScanLocation | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    // Storage refused (private mode): no context is kept.
  }
  if (text === cachedText) return cached;
  cachedText = text;
  cached = parse(text);
  return cached;
}

function parse(text: string | null): ScanLocation | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ScanLocation>;
    return typeof value.id === 'string' && typeof value.name === 'string' && typeof value.path === 'string'
      ? { id: value.id, name: value.name, path: value.path }
      : null;
  } catch {
    return null;
  }
}

function write(location: ScanLocation | null) {
  try {
    if (location) localStorage.setItem(KEY, JSON.stringify({ id: location.id, name: location.name, path: location.path }));
    else localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
  for (const listener of listeners) listener();
}

export const setScanLocation = (location: ScanLocation) => write(location);
export const clearScanLocation = () => write(null);
export const currentScanLocation = read;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app changed it.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useScanLocation(): ScanLocation | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
