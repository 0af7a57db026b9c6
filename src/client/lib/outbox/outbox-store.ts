import { liveQuery } from 'dexie';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
import { backoffMs, outcomeOf, type Outcome } from './outcome';
import { deviceDb, type OutboxItem } from '@/lib/offline/device-db';
import { errorMessage, isNetworkError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/api-paths';

/**
 * The outbox (ADR 028): writes made on this device, kept in IndexedDB and sent in the order they were
 * made, each with its client id as the Idempotency-Key, so a replay cut off half way and run again
 * never writes anything twice. Loaded on demand (Dexie stays out of the initial JS).
 */

export type NewOutboxItem = Pick<OutboxItem, 'clientId' | 'userId' | 'kind' | 'method' | 'url' | 'body' | 'label' | 'refs' | 'headers'>;

export async function enqueue(item: NewOutboxItem): Promise<void> {
  const now = Date.now();
  await deviceDb.outbox.add({ ...item, createdAt: now, attempts: 0, nextAttemptAt: now, lastError: null, status: 'waiting' });
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

export async function discardItem(clientId: string): Promise<void> {
  await deviceDb.outbox.where('clientId').equals(clientId).delete();
}

/** What the lists that show an item refresh once it is on the server. */
function refreshAfter(item: OutboxItem): void {
  const keys: Array<readonly unknown[]> =
    item.kind === 'reading'
      ? [queryKeys.meters, queryKeys.meterReadings(item.refs.meterId ?? '')]
      : item.kind === 'assessment'
        ? [queryKeys.assessments, queryKeys.assets, queryKeys.dashboardStats]
        : item.kind === 'action-status'
          ? [queryKeys.actions, queryKeys.dashboardStats]
          : [queryKeys.assets, queryKeys.dashboardStats];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

async function send(item: OutboxItem): Promise<{ outcome: Outcome; error?: string; conflict?: OutboxItem['conflict'] }> {
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
  if (res.ok) return { outcome: 'sent' };
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
  const items = await deviceDb.outbox.where('userId').equals(userId).sortBy('seq');
  for (const item of items) {
    if (item.status !== 'waiting') continue;
    if (!force && item.nextAttemptAt > Date.now()) return;
    const { outcome, error, conflict } = await send(item);
    if (outcome === 'sent') {
      await deviceDb.outbox.delete(item.seq!);
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
