import { useEffect, useState } from 'react';
import type { OutboxItem, OutboxKind, OutboxParentField, PhotoToKeep } from '@/lib/offline/device-db';
import { apiRequest, isNetworkError } from '@/lib/api-client';
import { rememberedUser } from '@/lib/offline/last-user';
import { randomUuid } from '@/lib/random-uuid';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
import { outboxSentMessage } from './replay-steps';

export type { OutboxItem, OutboxKind, OutboxParentField, PhotoToKeep };
export { describeKeptWith, keptWith, outboxNoun } from './kept-with';
export { withWaitingChanges } from './waiting-changes';

/** Items that waited longer than this get a warning in the banner. */
export const OUTBOX_STALE_MS = 24 * 60 * 60_000;
/** How often waiting items are tried again while the app is open. */
export const OUTBOX_TIMER_MS = 30_000;

const store = () => import('./outbox-store');

export interface Write {
  kind: OutboxKind;
  method: 'POST' | 'PATCH';
  url: string;
  body: Record<string, unknown>;
  label: string;
  refs: Record<string, string>;
  /**
   * For an edit: the version (updatedAt) of the record it was based on. Sent as If-Match only when
   * the edit waits in the outbox, so one made offline never overwrites a change made meanwhile; an
   * edit sent at once behaves as it always has.
   */
  basedOn?: string;
  /**
   * A record made for another still in the outbox (an assessment of an asset made on the device):
   * always kept, and sent once the parent is, with the parent's server id in `body[parent.field]`.
   */
  parent?: NonNullable<OutboxItem['parent']>;
}

/**
 * The photos chosen with a record (an assessment's or an action's), asked for only when the record
 * is kept in the outbox: they are then kept with it as its children (ADR 028) and sent after it.
 * Sent at once, the form uploads them itself, as it always has.
 */
export interface PhotosWithWrite {
  take: () => PhotoToKeep[];
  /** The field of POST /api/media that names the parent. */
  field: OutboxParentField;
  /** The asset the photos go on (none for an action at a location). */
  assetId?: string;
  assetCode?: string;
}

export type WriteOutcome<T> = { queued: false; data: T } | { queued: true; clientId: string; photos: number };

/**
 * Sends a write now when the device is online and nothing is waiting before it; otherwise, or when
 * the network fails on the way, keeps it in the outbox to be sent later (ADR 028). Either way it
 * carries a client id as its Idempotency-Key. A refusal from the server (4xx) is thrown as before,
 * so the forms show it as they always have.
 */
export async function submitWrite<T>(write: Write, photos?: PhotosWithWrite): Promise<WriteOutcome<T>> {
  const clientId = randomUuid();
  const userId = rememberedUser()?.id;
  const queue = async (): Promise<WriteOutcome<T>> => {
    const outbox = await store();
    const { basedOn, ...item } = write;
    const children = photos
      ? await outbox.photoItems(photos.take(), { ...photos, userId: userId!, parent: { clientId, field: photos.field, label: write.label } })
      : [];
    await outbox.enqueue([{ ...item, clientId, userId: userId!, ...(basedOn && { headers: { 'If-Match': `"${basedOn}"` } }) }, ...children]);
    if (navigator.onLine) void outbox.replay(userId!);
    return { queued: true, clientId, photos: children.length };
  };
  if (write.parent && !userId) throw new Error('Sign in again to keep this on the device');
  if (userId && (write.parent || !navigator.onLine || (await (await store()).hasWaiting(userId)))) return queue();
  try {
    const res = await apiRequest(write.method, write.url, write.body, { [IDEMPOTENCY_KEY_HEADER]: clientId });
    return { queued: false, data: (await res.json()) as T };
  } catch (error) {
    if (userId && isNetworkError(error)) return queue();
    throw error;
  }
}

/**
 * Keeps photos of an asset chosen with no network (the Media tab's upload, ADR 028): each is sent,
 * on its own, when the connection returns. Returns how many were kept.
 */
export async function keepPhotos(photos: PhotoToKeep[], asset: { assetId: string; assetCode: string }): Promise<number> {
  const userId = rememberedUser()?.id;
  if (!userId) throw new Error('Sign in again to keep photos on this device');
  const outbox = await store();
  const items = await outbox.photoItems(photos, { ...asset, userId });
  await outbox.enqueue(items);
  if (navigator.onLine) void outbox.replay(userId);
  return items.length;
}

/** The signed-in user's outbox items, oldest first, kept current (any tab's changes included). */
export function useOutboxItems(userId: string | undefined): OutboxItem[] {
  const [watched, setWatched] = useState<{ userId: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    const setItems = (items: OutboxItem[]) => setWatched({ userId, items });
    let stop: (() => void) | undefined;
    let cancelled = false;
    void store().then((outbox) => {
      if (!cancelled) stop = outbox.watchOutbox(userId, setItems);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  // Another user's items never show, even for the moment before the new watch answers.
  return watched && watched.userId === userId ? watched.items : NO_ITEMS;
}

const NO_ITEMS: OutboxItem[] = [];

export const replayOutbox = (userId: string, options?: { force?: boolean }) => store().then((outbox) => outbox.replay(userId, options));
export const retryOutboxItem = (clientId: string) => store().then((outbox) => outbox.retryItem(clientId));
export const keepMyVersion = (clientId: string) =>
  store().then(async (outbox) => {
    await outbox.keepMine(clientId);
    const userId = rememberedUser()?.id;
    if (userId && navigator.onLine) await outbox.replay(userId, { force: true });
  });
export const discardOutboxItem = (clientId: string) => store().then((outbox) => outbox.discardItem(clientId));

/**
 * Replays the signed-in user's outbox on app start, whenever the network comes back, and every
 * OUTBOX_TIMER_MS while the app is open; and refreshes the page after the service worker's own
 * replay (Background Sync, sw.ts) sent an item.
 */
export function useOutboxReplay(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const run = (force: boolean) => {
      if (navigator.onLine) void replayOutbox(userId, { force });
    };
    const onOnline = () => run(true);
    const onMessage = (event: MessageEvent) => {
      const sent = outboxSentMessage(event.data);
      if (sent) void store().then((outbox) => outbox.sentElsewhere(sent));
    };
    run(true);
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    const timer = setInterval(() => run(false), OUTBOX_TIMER_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      clearInterval(timer);
    };
  }, [userId]);
}
