import { NEXT_CURSOR_HEADER } from '@shared/contract/common';

/**
 * GET answers kept on the device so what a user last viewed opens offline (ADR 028): the register's
 * records (assets, locations, meters and their readings, assessments, actions) and their lists, as the
 * server last sent them. Loaded lazily, with Dexie, when the first such answer arrives.
 */
const KEPT = /^\/api\/(assets|locations|meters|assessments|actions)(\/|\?|$)/;
/** Enough for a day's survey; the oldest go first. */
const MAX_KEPT = 2_000;

const db = () => import('./device-db').then((m) => m.deviceDb);
let writesSincePrune = 0;

export const isKeptForOffline = (url: string): boolean => KEPT.test(url);

export async function keepRead(url: string, res: Response): Promise<void> {
  try {
    const reads = (await db()).reads;
    await reads.put({ url, body: await res.text(), nextCursor: res.headers.get(NEXT_CURSOR_HEADER), savedAt: Date.now() });
    if (++writesSincePrune >= 100) {
      writesSincePrune = 0;
      const excess = (await reads.count()) - MAX_KEPT;
      if (excess > 0) await reads.orderBy('savedAt').limit(excess).delete();
    }
  } catch {
    // IndexedDB unavailable (private mode, quota): the app then needs the network, as before.
  }
}

/** The kept answer as a Response (200, with its next-page cursor), or null. */
export async function keptRead(url: string): Promise<Response | null> {
  try {
    const kept = await (await db()).reads.get(url);
    if (!kept) return null;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-kept-on-device': String(kept.savedAt) };
    if (kept.nextCursor) headers[NEXT_CURSOR_HEADER] = kept.nextCursor;
    return new Response(kept.body, { status: 200, headers });
  } catch {
    return null;
  }
}

/** Forgets every kept answer (sign-out, or another user signed in on this device). */
export async function forgetKeptReads(): Promise<void> {
  try {
    await (await db()).reads.clear();
  } catch {
    // nothing kept
  }
}
