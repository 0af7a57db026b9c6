import { NEXT_CURSOR_HEADER } from '@shared/contract/common';
import type { Location } from '@shared/contract/locations';
import type { SearchResponse } from '@shared/contract/search';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_LIST } from '@shared/domain/search';

/**
 * GET answers kept on the device so what a user last viewed opens offline (ADR 028): the register's
 * records (assets, locations, meters and their readings, assessments, actions, the obligations an
 * inspection is recorded against and the regimes' readings) and their lists, as the server last sent
 * them. Loaded lazily, with Dexie, when the first such answer arrives.
 */
const KEPT = /^\/api\/(assets|locations|meters|assessments|actions|obligations|compliance\/regimes)(\/|\?|$)/;
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
      // A site kept offline (kept-sites.ts) stays whole, however many pages were viewed since.
      if (excess > 0) await reads.orderBy('savedAt').filter((read) => !read.pinnedBy).limit(excess).delete();
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

/**
 * With no network and no kept answer for this address: an asset, meter or action list or a global
 * search answered from the records kept on the device (the sites kept offline and the records
 * viewed), or null.
 */
export async function answerFromKeptRecords(url: string): Promise<Response | null> {
  const { pathname, searchParams } = new URL(url, 'http://device');
  const param = (name: string) => searchParams.get(name) ?? undefined;
  const headers = { 'content-type': 'application/json', 'x-kept-on-device': String(Date.now()) };
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers });
  // Only a list's first page: a next page continues the server's own order from its cursor.
  if (param('cursor')) return null;
  const limit = Number(param('limit') ?? 50);
  try {
    if (pathname === '/api/assets') {
      const { searchKeptAssets } = await import('./kept-sites');
      const { items } = await searchKeptAssets({ search: param('search'), condition: param('condition'), type: param('type'), status: param('status'), locationId: param('locationId'), limit });
      return answer(items);
    }
    if (pathname === '/api/search' && param('q')) {
      const { searchKeptAssets } = await import('./kept-sites');
      const { items, total } = await searchKeptAssets({ search: param('q'), limit: SEARCH_RESULTS_PER_LIST });
      const found: SearchResponse = { assets: items, actions: [], meters: [], totals: { assets: Math.min(total, SEARCH_COUNT_LIMIT + 1), actions: 0, meters: 0 }, totalLimit: SEARCH_COUNT_LIMIT };
      return answer(found);
    }
    if (pathname === '/api/meters') {
      const { searchKeptMeters } = await import('./kept-lists');
      return answer(await searchKeptMeters({ locationId: param('locationId') }));
    }
    if (pathname === '/api/actions') {
      const { searchKeptActions } = await import('./kept-lists');
      const query = { search: param('search'), status: param('status'), priority: param('priority'), assetId: param('assetId'), overdue: param('overdue') === 'true', sort: param('sort'), limit };
      return answer(await searchKeptActions(query));
    }
  } catch {
    // IndexedDB unavailable: no offline answer
  }
  return null;
}

/** A kept answer's locations: a list of them, or one (a location's own page). */
function locationsIn(body: string): Location[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const isLocation = (v: unknown): v is Location => !!v && typeof v === 'object' && 'id' in v && 'path' in v && 'type' in v && 'name' in v;
    if (Array.isArray(parsed)) return parsed.filter(isLocation);
    return isLocation(parsed) ? [parsed] : [];
  } catch {
    return [];
  }
}

/**
 * With no network and no kept answer for this address: the location list (the pickers' search, a
 * word typed that was not typed online) answered from every location kept on the device, matched as
 * the server matches (the path holds the words typed, any case), or null.
 */
export async function answerFromKeptLocations(url: string): Promise<Response | null> {
  const { pathname, searchParams } = new URL(url, 'http://device');
  if (pathname !== '/api/locations' || searchParams.get('cursor')) return null;
  try {
    const reads = await (await db()).reads.where('url').startsWith('/api/locations').toArray();
    const term = (searchParams.get('search') ?? '').trim().toLowerCase();
    const types = searchParams.get('type')?.split(',').filter(Boolean);
    const limit = Number(searchParams.get('limit') ?? 50);
    const found = new Map<string, Location>();
    for (const read of reads) {
      for (const location of locationsIn(read.body)) {
        if (found.has(location.id) || (types && !types.includes(location.type))) continue;
        if (term === '' || location.path.toLowerCase().includes(term)) found.set(location.id, location);
      }
    }
    const items = [...found.values()].sort((a, b) => a.path.localeCompare(b.path)).slice(0, limit);
    return new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json', 'x-kept-on-device': String(Date.now()) } });
  } catch {
    return null;
  }
}

/**
 * Forgets every kept answer, and the server ids of what the outbox sent for anyone but `signedIn`
 * (sign-out, or another user signed in on this device). The outbox itself stays: each item waits for
 * its own user.
 */
export async function forgetKeptReads(signedIn: string | undefined): Promise<void> {
  try {
    const database = await db();
    await Promise.all([database.reads.clear(), database.sent.filter((sent) => sent.userId !== signedIn).delete()]);
  } catch {
    // nothing kept
  }
}
