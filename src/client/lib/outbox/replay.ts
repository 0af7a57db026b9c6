import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
import { deviceDb, type OutboxItem } from '@/lib/offline/device-db';
import { errorMessage, isNetworkError } from '@/lib/api-errors';
import { outcomeOf } from './outcome';
import { sendPhoto, type Sent } from './send-photo';
import {
  afterAnswer,
  afterConflict,
  childOfParent,
  rebasedOn,
  SENT_IDS_KEPT_MS,
  sentItem,
  withParentId,
  type ChildState,
  type ParentOnDevice,
  type SentItem,
} from './replay-steps';

/**
 * The outbox replay (ADR 028): sends a user's waiting items in order. The one copy of it, run by the
 * app's pages (outbox-store.ts: on start, on reconnect, on a timer) and by the service worker (sw.ts:
 * Background Sync), so it uses only what both have: fetch, IndexedDB (Dexie) and Web Locks. What
 * follows a send (refreshing the page's lists, or telling the pages to) is the caller's `onSent`.
 */

/** The Web Lock every replay takes, in any tab or the service worker: one replay at a time per device. */
export const OUTBOX_LOCK = 'asset-register-outbox';

/**
 * A child's parent as the device knows it. The server ids of sent records are kept in IndexedDB
 * (the `sent` table, written with the parent's removal), so a child saved in a form opened while its
 * parent still waited (an assessment of a new asset) takes the id at once, whichever tab or the
 * service worker sent the parent, and however late this page hears of it.
 */
async function parentOnDevice(clientId: string): Promise<ParentOnDevice> {
  if ((await deviceDb.outbox.where('clientId').equals(clientId).count()) > 0) return { waiting: true };
  const sent = await deviceDb.sent.get(clientId);
  return { waiting: false, ...(sent && { serverId: sent.serverId }) };
}

/** Whether an item can go (childOfParent), given what the device knows of its parent. */
export async function withSentParent<T extends Pick<OutboxItem, 'body' | 'refs' | 'parent'>>(item: T): Promise<ChildState<T>> {
  return childOfParent(item, item.parent && (await parentOnDevice(item.parent.clientId)));
}

/**
 * A record reached the server: it leaves the outbox, its server id is kept, and its children get it,
 * in one transaction, so a child never waits for a parent that is gone, nor finds it gone without
 * its id. An edit that went through (not one `settled` because the server had its values already)
 * is the version the same record's later edits on this device build on.
 */
async function removeSent(item: OutboxItem, { serverId }: SentItem, answer: unknown, settled: boolean): Promise<void> {
  await deviceDb.transaction('rw', deviceDb.outbox, deviceDb.sent, async () => {
    await deviceDb.outbox.delete(item.seq!);
    if (item.method === 'PATCH' && !settled) {
      await deviceDb.outbox
        .where('userId')
        .equals(item.userId)
        .modify((later) => {
          const next = rebasedOn(later, item, answer);
          if (next) later.headers = next.headers;
        });
    }
    if (!serverId) return;
    await deviceDb.sent.put({ clientId: item.clientId, serverId, userId: item.userId, sentAt: Date.now() });
    await deviceDb.outbox
      .filter((child) => child.parent?.clientId === item.clientId)
      .modify((child) => {
        Object.assign(child, withParentId(child, serverId));
      });
  });
}

/** The ids of records sent more than SENT_IDS_KEPT_MS ago are no longer needed. */
async function pruneSent(now: number): Promise<void> {
  await deviceDb.sent.where('sentAt').below(now - SENT_IDS_KEPT_MS).delete();
}

async function send(item: OutboxItem): Promise<Sent & { conflict?: OutboxItem['conflict']; settled?: boolean }> {
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
  // The record changed after the version this edit was based on: the user decides (Outbox screen),
  // unless the server has the edit's values already.
  if (res.status === 412) return afterConflict(item, (await res.json()) as { message: string; current: Record<string, unknown> });
  const message = errorMessage(new Error(`${res.status}: ${(await res.text()) || res.statusText}`));
  return { outcome: outcomeOf(res.status, message), error: message };
}

/** How a replay ended: `stopped` when an item must wait for the network or the server (it backs off). */
export type ReplayResult = 'done' | 'stopped' | 'busy';

/**
 * Sends the user's waiting items oldest first. Stops at the first that must wait (no network, a 5xx,
 * signed out, or backing off), so later items never overtake it; an item the server refuses (a 4xx)
 * is marked failed with its message and the rest go on. `force` ignores the backoff (the network
 * has just come back, or the user pressed Sync now).
 */
async function replayNow(userId: string, force: boolean, onSent: (sent: SentItem) => void): Promise<ReplayResult> {
  await pruneSent(Date.now());
  const queued = await deviceDb.outbox.where('userId').equals(userId).sortBy('seq');
  for (const { seq } of queued) {
    // Read afresh: a parent sent earlier in this run has given its children its id meanwhile.
    const found = await deviceDb.outbox.get(seq!);
    if (!found || found.status !== 'waiting') continue;
    const parent = await withSentParent(found);
    if (parent.state === 'waiting') continue;
    if (parent.state === 'gone') {
      await deviceDb.outbox.update(found.seq!, { status: 'failed', lastError: `What it belongs to (${found.parent!.label}) was discarded` });
      continue;
    }
    const item = parent.item;
    // A child kept before its parent's id was (an item from before the sent table): it takes it now.
    if (item !== found) await deviceDb.outbox.put(item);
    if (!force && item.nextAttemptAt > Date.now()) return 'stopped';
    const { outcome, error, conflict, answer, settled = false } = await send(item);
    if (outcome === 'sent') {
      const sent = sentItem(item, answer);
      await removeSent(item, sent, answer, settled);
      onSent(sent);
      continue;
    }
    const { update, stop } = afterAnswer(item, { outcome, error, conflict }, Date.now());
    await deviceDb.outbox.update(item.seq!, update);
    if (stop) return 'stopped';
  }
  return 'done';
}

let running: Promise<ReplayResult> | null = null;

/**
 * One replay at a time in this page (or worker); the Web Lock keeps the app's other tabs and its
 * service worker from running one too (`busy`: another holds it, and sends the items itself).
 */
export function replay(userId: string, { force = false, onSent }: { force?: boolean; onSent: (sent: SentItem) => void }): Promise<ReplayResult> {
  running ??= (async () => {
    try {
      if (!navigator.locks) return await replayNow(userId, force, onSent);
      return await navigator.locks.request(OUTBOX_LOCK, { ifAvailable: true }, (lock) => (lock ? replayNow(userId, force, onSent) : 'busy' as const));
    } finally {
      running = null;
    }
  })();
  return running;
}
