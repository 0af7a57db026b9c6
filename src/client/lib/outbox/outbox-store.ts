import { liveQuery } from 'dexie';
import { deviceDb, type OutboxItem, type PhotoToKeep } from '@/lib/offline/device-db';
import { requestOutboxSync } from '@/lib/offline/service-worker';
import { randomUuid } from '@/lib/random-uuid';
import { refreshAfter } from './refresh-after';
import { replay as replayItems, withSentParent, type ReplayResult } from './replay';
import type { SentItem } from './replay-steps';

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
  // The sent ids are read in the same transaction, so a parent removed by a replay (any tab, or the
  // service worker) just before is found with its server id, never as gone.
  await deviceDb.transaction('rw', deviceDb.outbox, deviceDb.sent, async () => {
    for (const item of items) {
      const parent = await withSentParent(item);
      await deviceDb.outbox.add(row(parent.state === 'ready' ? parent.item : item));
    }
  });
  // Where the browser has Background Sync, the service worker sends them even if the app is closed first.
  void requestOutboxSync();
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

/** Sends the user's waiting items from this page (replay.ts), refreshing the lists that show each sent one. */
export function replay(userId: string, { force = false } = {}): Promise<ReplayResult> {
  return replayItems(userId, { force, onSent: refreshAfter });
}

/** An item the service worker sent (its "sent" message): this page refreshes what shows it (its id is in the device's `sent` table). */
export function sentElsewhere(sent: SentItem): void {
  refreshAfter(sent);
}
