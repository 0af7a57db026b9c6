import type { Asset, AssetListItem } from '@shared/contract/assets';
import { offlineCopyPath, type OfflineCopy } from '@shared/contract/offline-copy';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { LOCATION_PATH_SEPARATOR } from '@shared/domain/locations';
import { deviceDb, type KeptRead } from './device-db';

/**
 * Sites kept on the device (ADR 028, "A site kept offline"): before going where there is no signal, a
 * surveyor keeps a site's (or building's) assets on the phone. Each asset is kept as the answer of
 * its own page (GET /api/assets/{id}), pinned to the site so the kept reads' pruning never drops it,
 * and the asset list and global search answer from them when there is no network.
 */

/** What the device keeps of a site, under its offline-copy address in the kept reads. */
export interface KeptSite {
  location: OfflineCopy['location'];
  assetIds: string[];
  savedAt: number;
}

const ASSET_PAGE = /^\/api\/assets\/[0-9a-f-]{36}$/;
const assetPage = (id: string) => `/api/assets/${id}`;

/** The site kept on this device, or null. */
export async function keptSite(locationId: string): Promise<KeptSite | null> {
  const kept = await deviceDb.reads.get(offlineCopyPath(locationId));
  return kept ? (JSON.parse(kept.body) as KeptSite) : null;
}

/** Downloads the site's assets and keeps them (again, replacing an earlier copy). */
export async function keepSite(locationId: string): Promise<KeptSite> {
  const res = await fetch(offlineCopyPath(locationId), { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const copy = (await res.json()) as OfflineCopy;
  const savedAt = Date.now();
  const site: KeptSite = { location: copy.location, assetIds: copy.assets.map((a) => a.id), savedAt };
  const rows: KeptRead[] = copy.assets.map((asset) => ({ url: assetPage(asset.id), body: JSON.stringify(asset), nextCursor: null, savedAt, pinnedBy: locationId }));
  rows.push({ url: offlineCopyPath(locationId), body: JSON.stringify(site), nextCursor: null, savedAt, pinnedBy: locationId });
  await deviceDb.transaction('rw', deviceDb.reads, async () => {
    await unpin(locationId);
    await deviceDb.reads.bulkPut(rows);
  });
  return site;
}

/** Lets the site's kept assets go (they stay until pruned like any page viewed). */
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
  const under = query.locationId ? ((await keptSite(query.locationId))?.location.path ?? (await pathOfKeptLocation(query.locationId))) : null;
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
      if (under !== null && asset.locationPath !== under && !asset.locationPath.startsWith(`${under}${LOCATION_PATH_SEPARATOR}`)) return;
      if (words.length > 0) {
        const text = searchTextOf(asset);
        if (!words.every((word) => text.includes(word))) return;
      }
      found.push(asset);
    });
  found.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  return { items: found.slice(0, query.limit).map(toListItem), total: found.length };
}

/** A location's path from a kept answer of its own page, when the user opened it before. */
async function pathOfKeptLocation(locationId: string): Promise<string | null> {
  const kept = await deviceDb.reads.get(`/api/locations/${locationId}`);
  return kept ? ((JSON.parse(kept.body) as { path?: string }).path ?? null) : null;
}

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
