import { liveQuery } from 'dexie';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
import { backoffMs, outcomeOf } from './outcome';
import { sendPhoto, type Sent } from './send-photo';
import { deviceDb, type OutboxItem, type OutboxKind, type PhotoToKeep } from '@/lib/offline/device-db';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { apiPaths, invalidateAssetHistory, queryKeys } from '@/lib/api-paths';
import { randomUuid } from '@/lib/random-uuid';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';

/**
 * The outbox (ADR 028): writes made on this device, kept in IndexedDB and sent in the order they were
 * made, each with its client id as the Idempotency-Key, so a replay cut off half way and run again
 * never writes anything twice. Loaded on demand (Dexie stays out of the initial JS).
 */

export type NewOutboxItem = Pick<OutboxItem, 'clientId' | 'userId' | 'kind' | 'method' | 'url' | 'body' | 'label' | 'refs' | 'headers' | 'parent' | 'photo'>;

/**
 * Adds items in this order, together (a record and the photos of its form): all of them or, if the
 * device refuses, none.
 */
export async function enqueue(items: NewOutboxItem[]): Promise<void> {
  const now = Date.now();
  const row = (next: NewOutboxItem): OutboxItem => ({ ...next, createdAt: now, attempts: 0, nextAttemptAt: now, lastError: null, status: 'waiting' });
  await deviceDb.transaction('rw', deviceDb.outbox, async () => {
    for (const item of items) await deviceDb.outbox.add(row(await withSentParent(item)));
  });
}

/**
 * The server ids of the records this tab has sent, by client id: a child made in a form opened while
 * its parent was still in the outbox (an assessment of a new asset) and saved after the parent went
 * takes the id at once, rather than waiting for a parent that is no longer there.
 */
const sentIds = new Map<string, string>();

async function withSentParent(item: NewOutboxItem): Promise<NewOutboxItem> {
  const serverId = item.parent && sentIds.get(item.parent.clientId);
  if (!item.parent || !serverId || (await deviceDb.outbox.where('clientId').equals(item.parent.clientId).count()) > 0) return item;
  const { field } = item.parent;
  return { ...item, body: { ...item.body, [field]: serverId }, refs: field in item.refs ? { ...item.refs, [field]: serverId } : item.refs, parent: undefined };
}

/**
 * The outbox items for photos chosen on the device: each read (EXIF) and resized first, linked to
 * the asset by its id (an action at a location has none) and, when chosen in a parent's form, to the
 * parent by its client id.
 */
export async function photoItems(
  photos: PhotoToKeep[],
  { userId, assetId, assetCode, parent }: { userId: string; assetId?: string; assetCode?: string; parent?: NonNullable<OutboxItem['parent']> },
): Promise<NewOutboxItem[]> {
  if (photos.length === 0) return [];
  // EXIF reading and resizing load only when a photo is kept (not on every replay).
  const { preparePhoto } = await import('./prepare-photo');
  const items: NewOutboxItem[] = [];
  for (const { file, caption } of photos) {
    const photo = await preparePhoto(file);
    items.push({
      clientId: randomUuid(),
      userId,
      kind: 'photo',
      method: 'POST',
      url: '/api/media',
      body: { filename: photo.filename, ...(assetId && { assetId }), ...(caption ? { caption } : {}) },
      label: `${photo.blob.type.startsWith('image/') ? 'Photo' : 'File'} ${photo.filename}${assetCode ? ` of ${assetCode}` : ''}`,
      refs: { ...(assetId && { assetId }), ...(parent && { parentClientId: parent.clientId }) },
      ...(parent && { parent }),
      photo,
    });
  }
  return items;
}

/** Whether the user has items still to send (failed ones wait for the user, not for the network). */
export async function hasWaiting(userId: string): Promise<boolean> {
  return (await deviceDb.outbox.where('userId').equals(userId).filter((item) => item.status === 'waiting').count()) > 0;
}

/** Calls `onChange` with the user's items, oldest first, now and after every change (any tab). */
export function watchOutbox(userId: string, onChange: (items: OutboxItem[]) => void): () => void {
  const subscription = liveQuery(() => deviceDb.outbox.where('userId').equals(userId).sortBy('seq')).subscribe({
    next: onChange,
    error: () => onChange([]),
  });
  return () => subscription.unsubscribe();
}

/** Sends a failed item again (its children, which waited for it, follow it). */
export async function retryItem(clientId: string): Promise<void> {
  await deviceDb.outbox.where('clientId').equals(clientId).modify({ status: 'waiting', nextAttemptAt: 0, lastError: null });
}

/** Keeps the user's version of a conflicting edit: sent again, based on the version now on the server. */
export async function keepMine(clientId: string): Promise<void> {
  await deviceDb.outbox
    .where('clientId')
    .equals(clientId)
    .modify((item) => {
      const version = item.conflict?.current.updatedAt;
      if (typeof version === 'string') item.headers = { ...item.headers, 'If-Match': `"${version}"` };
      item.status = 'waiting';
      item.conflict = undefined;
      item.lastError = null;
      item.nextAttemptAt = 0;
    });
}

/**
 * Discards an item and what belongs to it (an assessment's photos go with it; a new asset's
 * assessment goes with the asset, and that assessment's photos too).
 */
export async function discardItem(clientId: string): Promise<void> {
  await deviceDb.transaction('rw', deviceDb.outbox, async () => {
    const gone = new Set([clientId]);
    const all = await deviceDb.outbox.toArray();
    for (let grew = true; grew; ) {
      grew = false;
      for (const item of all) {
        if (item.parent && gone.has(item.parent.clientId) && !gone.has(item.clientId)) {
          gone.add(item.clientId);
          grew = true;
        }
      }
    }
    await deviceDb.outbox.where('clientId').anyOf([...gone]).delete();
  });
}

/**
 * A parent reached the server: it leaves the outbox, and its children get its server id, in one
 * transaction, so a child never waits for a parent that is gone.
 */
async function removeSent(item: OutboxItem, answer: unknown): Promise<void> {
  const serverId = (answer as { id?: unknown } | undefined)?.id;
  if (typeof serverId === 'string') sentIds.set(item.clientId, serverId);
  await deviceDb.transaction('rw', deviceDb.outbox, async () => {
    await deviceDb.outbox.delete(item.seq!);
    await deviceDb.outbox
      .filter((child) => child.parent?.clientId === item.clientId)
      .modify((child) => {
        if (typeof serverId !== 'string') return;
        const { field } = child.parent!;
        child.body = { ...child.body, [field]: serverId };
        // An asset's first assessment then shows on that asset's page as waiting, like any other.
        if (field in child.refs) child.refs = { ...child.refs, [field]: serverId };
        child.parent = undefined;
      });
  });
}

/**
 * Whether a child can go: its parent has reached the server (the child then has no `parent`). One
 * whose parent waits or was refused waits with it; one whose parent is gone without an id fails.
 */
async function parentState(item: OutboxItem): Promise<'ready' | 'waiting' | 'gone'> {
  if (!item.parent) return 'ready';
  const parent = await deviceDb.outbox.where('clientId').equals(item.parent.clientId).first();
  return parent ? 'waiting' : 'gone';
}

/** What the lists that show an item of each kind refresh once it is on the server. */
const REFRESHED_BY: Record<Exclude<OutboxKind, 'photo'>, (item: OutboxItem) => Array<readonly unknown[]>> = {
  asset: () => [queryKeys.assets, queryKeys.dashboardStats],
  'asset-edit': () => [queryKeys.assets, queryKeys.dashboardStats],
  reading: (item) => [queryKeys.meters, queryKeys.meterReadings(item.refs.meterId ?? '')],
  assessment: () => [queryKeys.assessments, queryKeys.assets, queryKeys.dashboardStats],
  action: () => [queryKeys.actions, queryKeys.dashboardStats],
  'action-status': () => [queryKeys.actions, queryKeys.dashboardStats],
  // An inspection moves the obligation's due date, and a failed one raises a remedial action.
  inspection: () => [queryKeys.obligations, [apiPaths.complianceSummary], [apiPaths.complianceWorklist], queryKeys.actions, queryKeys.dashboardStats],
};

function refreshAfter(item: OutboxItem): void {
  if (item.kind === 'photo') return refreshAfterMediaChange(item.refs.assetId);
  for (const queryKey of REFRESHED_BY[item.kind](item)) void queryClient.invalidateQueries({ queryKey });
  if (item.kind === 'action' || item.kind === 'action-status' || item.kind === 'inspection') void invalidateAssetHistory(queryClient);
}

async function send(item: OutboxItem): Promise<Sent & { conflict?: OutboxItem['conflict'] }> {
  if (item.kind === 'photo') {
    return sendPhoto(item, async (upload) => {
      await deviceDb.outbox.update(item.seq!, { photo: { ...item.photo!, upload } });
    });
  }
  let res: Response;
  try {
    res = await fetch(item.url, {
      method: item.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...item.headers, [IDEMPOTENCY_KEY_HEADER]: item.clientId },
      body: JSON.stringify(item.body),
    });
  } catch (error) {
    if (isNetworkError(error)) return { outcome: outcomeOf('no-answer'), error: 'No connection' };
    throw error;
  }
  if (res.ok) return { outcome: 'sent', answer: await res.json().catch(() => undefined) };
  // The record changed after the version this edit was based on: the user decides (Outbox screen).
  if (res.status === 412) {
    const conflict = (await res.json()) as { message: string; current: Record<string, unknown> };
    return { outcome: 'conflict', error: conflict.message, conflict };
  }
  const message = errorMessage(new Error(`${res.status}: ${(await res.text()) || res.statusText}`));
  return { outcome: outcomeOf(res.status, message), error: message };
}

/**
 * Sends the user's waiting items oldest first. Stops at the first that must wait (no network, a 5xx,
 * signed out, or backing off), so later items never overtake it; an item the server refuses (a 4xx)
 * is marked failed with its message and the rest go on. `force` ignores the backoff (the network
 * has just come back, or the user pressed Sync now).
 */
async function replayNow(userId: string, force: boolean): Promise<void> {
  const queued = await deviceDb.outbox.where('userId').equals(userId).sortBy('seq');
  for (const { seq } of queued) {
    // Read afresh: a parent sent earlier in this run has given its children its id meanwhile.
    const item = await deviceDb.outbox.get(seq!);
    if (!item || item.status !== 'waiting') continue;
    const parent = await parentState(item);
    if (parent === 'waiting') continue;
    if (parent === 'gone') {
      await deviceDb.outbox.update(item.seq!, { status: 'failed', lastError: `What it belongs to (${item.parent!.label}) was discarded` });
      continue;
    }
    if (!force && item.nextAttemptAt > Date.now()) return;
    const { outcome, error, conflict, answer } = await send(item);
    if (outcome === 'sent') {
      await removeSent(item, answer);
      refreshAfter(item);
      continue;
    }
    const attempts = item.attempts + 1;
    if (outcome === 'conflict') {
      await deviceDb.outbox.update(item.seq!, { status: 'conflict', attempts, lastError: error ?? null, conflict });
      continue;
    }
    if (outcome === 'failed') {
      await deviceDb.outbox.update(item.seq!, { status: 'failed', attempts, lastError: error ?? null });
      continue;
    }
    await deviceDb.outbox.update(item.seq!, { attempts, lastError: error ?? null, nextAttemptAt: Date.now() + backoffMs(attempts) });
    return;
  }
}

let running: Promise<void> | null = null;

/** One replay at a time in this tab; the Web Locks API keeps other tabs of the app from running one too. */
export function replay(userId: string, { force = false } = {}): Promise<void> {
  running ??= (async () => {
    try {
      if (navigator.locks) await navigator.locks.request('asset-register-outbox', { ifAvailable: true }, (lock) => (lock ? replayNow(userId, force) : undefined));
      else await replayNow(userId, force);
    } finally {
      running = null;
    }
  })();
  return running;
}
