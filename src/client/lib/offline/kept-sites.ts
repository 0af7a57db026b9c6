import type { Asset, AssetListItem } from '@shared/contract/assets';
import { offlineCopyPath, type OfflineCopy } from '@shared/contract/offline-copy';
import { METER_READINGS_PAGE_SIZE } from '@shared/domain/meters';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { LOCATION_PATH_SEPARATOR } from '@shared/domain/locations';
import { deviceDb, type KeptRead } from './device-db';

/**
 * Sites kept on the device (ADR 028, "A site kept offline"): before going where there is no signal, a
 * surveyor keeps a site's (or building's) assets, meters (with their latest readings) and open
 * actions on the phone. Each record is kept as the answer of its own page (GET /api/assets/{id},
 * /api/meters/{id} and the first page of its readings, /api/actions/{id}), pinned to the site so the
 * kept reads' pruning never drops it; the lists and the global search answer from them when there is
 * no network (here for assets, kept-lists.ts for meters and actions).
 */

/** What the device keeps of a site, under its offline-copy address in the kept reads. */
export interface KeptSite {
  location: OfflineCopy['location'];
  assetIds: string[];
  meterIds: string[];
  /** The actions not done when the site was kept. */
  actionIds: string[];
  savedAt: number;
}

const ASSET_PAGE = /^\/api\/assets\/[0-9a-f-]{36}$/;
const assetPage = (id: string) => `/api/assets/${id}`;
const meterPage = (id: string) => `/api/meters/${id}`;
/** The address the meter page asks for its history's first page (use-meter-readings.ts). */
const meterReadingsPage = (id: string) => `/api/meters/${id}/readings?limit=${METER_READINGS_PAGE_SIZE}`;
const actionPage = (id: string) => `/api/actions/${id}`;

/** The site kept on this device, or null. A site kept before meters and actions were kept has none of them. */
export async function keptSite(locationId: string): Promise<KeptSite | null> {
  const kept = await deviceDb.reads.get(offlineCopyPath(locationId));
  return kept ? { meterIds: [], actionIds: [], ...(JSON.parse(kept.body) as Partial<KeptSite>) } as KeptSite : null;
}

/** Downloads the site's records and keeps them (again, replacing an earlier copy). */
export async function keepSite(locationId: string): Promise<KeptSite> {
  const res = await fetch(offlineCopyPath(locationId), { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const copy = (await res.json()) as OfflineCopy;
  const savedAt = Date.now();
  const site: KeptSite = {
    location: copy.location,
    assetIds: copy.assets.map((a) => a.id),
    meterIds: copy.meters.map((m) => m.id),
    actionIds: copy.actions.map((a) => a.id),
    savedAt,
  };
  const pinned = (url: string, body: unknown, nextCursor: string | null = null): KeptRead => ({ url, body: JSON.stringify(body), nextCursor, savedAt, pinnedBy: locationId });
  const rows: KeptRead[] = [
    ...copy.assets.map((asset) => pinned(assetPage(asset.id), asset)),
    ...copy.meters.map((meter) => pinned(meterPage(meter.id), meter)),
    ...copy.readings.map((page) => pinned(meterReadingsPage(page.meterId), page.items, page.nextCursor)),
    ...copy.actions.map((action) => pinned(actionPage(action.id), action)),
    pinned(offlineCopyPath(locationId), site),
  ];
  await deviceDb.transaction('rw', deviceDb.reads, async () => {
    await unpin(locationId);
    await deviceDb.reads.bulkPut(rows);
  });
  return site;
}

/** Lets the site's kept records go (they stay until pruned like any page viewed). */
export async function forgetSite(locationId: string): Promise<void> {
  await deviceDb.transaction('rw', deviceDb.reads, async () => {
    await unpin(locationId);
    await deviceDb.reads.delete(offlineCopyPath(locationId));
  });
}

async function unpin(locationId: string): Promise<void> {
  await deviceDb.reads
    .filter((read) => read.pinnedBy === locationId)
    .modify((read) => {
      delete read.pinnedBy;
    });
}

/** The filters of an asset list or search that the device can answer (the list's own query). */
export interface KeptAssetQuery {
  search?: string;
  condition?: string;
  type?: string;
  status?: string;
  locationId?: string;
  limit: number;
}

const searchTextOf = (asset: Asset) =>
  [asset.assetId, asset.clientAssetId, ASSET_TYPE_LABELS[asset.type], asset.subtype, asset.make, asset.model, asset.serial, asset.barcode, asset.description, asset.locationPath]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/**
 * The kept assets matching the query, newest first, as list rows: every word searched for must occur
 * (no typo tolerance on the device), with the list's filters; a location filter keeps the assets
 * whose location path lies under that location's (the kept sites name it).
 */
export async function searchKeptAssets(query: KeptAssetQuery): Promise<{ items: AssetListItem[]; total: number }> {
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const under = query.locationId ? await keptLocationPath(query.locationId) : null;
  if (query.locationId && under === null) return { items: [], total: 0 };
  const found: Asset[] = [];
  await deviceDb.reads
    .where('url')
    .startsWith('/api/assets/')
    .each((read) => {
      if (!ASSET_PAGE.test(read.url)) return;
      const asset = JSON.parse(read.body) as Asset;
      if (query.condition && asset.condition !== query.condition) return;
      if (query.type && asset.type !== query.type) return;
      if (query.status && asset.status !== query.status) return;
      if (under !== null && !liesUnder(asset.locationPath, under)) return;
      if (words.length > 0) {
        const text = searchTextOf(asset);
        if (!words.every((word) => text.includes(word))) return;
      }
      found.push(asset);
    });
  found.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  return { items: found.slice(0, query.limit).map(toListItem), total: found.length };
}

/** A location's path: from the site kept, or from a kept answer of its own page when the user opened it before; null when unknown. */
export async function keptLocationPath(locationId: string): Promise<string | null> {
  const site = await keptSite(locationId);
  if (site) return site.location.path;
  const kept = await deviceDb.reads.get(`/api/locations/${locationId}`);
  return kept ? ((JSON.parse(kept.body) as { path?: string }).path ?? null) : null;
}

/** The location path lies at `under` or below it. */
export const liesUnder = (path: string, under: string) => path === under || path.startsWith(`${under}${LOCATION_PATH_SEPARATOR}`);

const toListItem = (asset: Asset): AssetListItem => ({
  id: asset.id,
  assetId: asset.assetId,
  type: asset.type,
  make: asset.make,
  model: asset.model,
  serial: asset.serial,
  condition: asset.condition,
  locationId: asset.locationId,
  locationPath: asset.locationPath,
  status: asset.status,
  createdAt: asset.createdAt,
});
