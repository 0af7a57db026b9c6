import type { OutboxItem } from '@/lib/offline/device-db';
import { backoffMs, type Outcome } from './outcome';
import { alreadyOnServer } from './conflict-fields';

/**
 * The pure steps of the outbox replay (replay.ts), apart from IndexedDB and the network so they can be
 * tested alone: what an item becomes after the server's answer, and a child once its parent is sent.
 */

/** The Background Sync tag of the outbox: the service worker (sw.ts) replays it when the network is back. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** What the pages are told of an item that reached the server, so they refresh what shows it. */
export interface SentItem {
  clientId: string;
  kind: OutboxItem['kind'];
  refs: Record<string, string>;
  /** The server id from the answer to a create (its children take it). */
  serverId?: string;
}

/** The message the service worker posts to the app's pages after its replay sent an item (ADR 028). */
export const OUTBOX_SENT_MESSAGE = 'outbox-sent';

export interface OutboxSentMessage extends SentItem {
  type: typeof OUTBOX_SENT_MESSAGE;
}

export function sentItem(item: OutboxItem, answer: unknown): SentItem {
  const serverId = (answer as { id?: unknown } | null | undefined)?.id;
  return { clientId: item.clientId, kind: item.kind, refs: item.refs, ...(typeof serverId === 'string' && { serverId }) };
}

/** A message event's data when it is the service worker's "sent" message, else null. */
export function outboxSentMessage(data: unknown): OutboxSentMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Partial<OutboxSentMessage>;
  if (message.type !== OUTBOX_SENT_MESSAGE || typeof message.clientId !== 'string' || typeof message.kind !== 'string') return null;
  if (!message.refs || typeof message.refs !== 'object') return null;
  return message as OutboxSentMessage;
}

/** A child whose parent reached the server as `serverId`: the id goes in its body (and refs), and it can go. */
export function withParentId<T extends Pick<OutboxItem, 'body' | 'refs' | 'parent'>>(child: T, serverId: string): T {
  const { field } = child.parent!;
  return {
    ...child,
    body: { ...child.body, [field]: serverId },
    // An asset's first assessment then shows on that asset's page as waiting, like any other.
    refs: field in child.refs ? { ...child.refs, [field]: serverId } : child.refs,
    parent: undefined,
  };
}

/** How long the server id of a sent record is kept on the device for children saved after it (a form left open a week is made again). */
export const SENT_IDS_KEPT_MS = 7 * 24 * 60 * 60_000;

/** A child's parent as the device knows it: still in the outbox, or sent (with its server id), or neither. */
export interface ParentOnDevice {
  waiting: boolean;
  serverId?: string;
}

export type ChildState<T> = { state: 'ready'; item: T } | { state: 'waiting' } | { state: 'gone' };

/**
 * Whether an item can go: `ready` (with the parent's server id put in it, when it has a parent that was
 * sent), `waiting` for a parent still in the outbox, or `gone` when its parent was discarded.
 */
export function childOfParent<T extends Pick<OutboxItem, 'body' | 'refs' | 'parent'>>(
  item: T,
  parent: ParentOnDevice | undefined,
): ChildState<T> {
  if (!item.parent) return { state: 'ready', item };
  if (!parent || (!parent.waiting && !parent.serverId)) return { state: 'gone' };
  if (parent.waiting) return { state: 'waiting' };
  return { state: 'ready', item: withParentId(item, parent.serverId!) };
}

/**
 * What an item that was not sent becomes: `conflict` and `failed` wait for the user and the replay
 * goes on; `retry` backs off and stops the replay, so no later item overtakes it.
 */
export function afterAnswer(
  item: Pick<OutboxItem, 'attempts'>,
  answer: { outcome: Exclude<Outcome, 'sent'>; error?: string; conflict?: OutboxItem['conflict'] },
  now: number,
): { update: Partial<OutboxItem>; stop: boolean } {
  const attempts = item.attempts + 1;
  const lastError = answer.error ?? null;
  switch (answer.outcome) {
    case 'conflict':
      return { update: { status: 'conflict', attempts, lastError, conflict: answer.conflict }, stop: false };
    case 'failed':
      return { update: { status: 'failed', attempts, lastError }, stop: false };
    case 'retry':
      return { update: { attempts, lastError, nextAttemptAt: now + backoffMs(attempts) }, stop: true };
  }
}

type Conflict = NonNullable<OutboxItem['conflict']>;

/**
 * What a 412 to an edit comes to: a conflict for the user to settle on the Outbox screen, unless the
 * record now on the server already has every value the edit sets (two people made the same change).
 * Then nothing is left to send or to choose, and the edit counts as sent (`settled`), with the
 * server's record as its answer.
 */
export function afterConflict(
  item: Pick<OutboxItem, 'body'>,
  conflict: Conflict,
): { outcome: 'sent'; answer: Record<string, unknown>; settled: true } | { outcome: 'conflict'; error: string; conflict: Conflict } {
  if (alreadyOnServer(item.body, conflict.current)) return { outcome: 'sent', answer: conflict.current, settled: true };
  return { outcome: 'conflict', error: conflict.message, conflict };
}

const IF_MATCH = 'If-Match';

/**
 * A later edit of the same record, made on this device on the same version as an edit that has just
 * reached the server: it now builds on the server's answer (its `updatedAt`), since the user made it
 * after the first one. Without this, a second edit of an action made offline would conflict with the
 * user's own first. Null when the later item is not such an edit (another record, another version: a
 * conflict kept its own, or the first was settled against someone else's change).
 */
export function rebasedOn<T extends Pick<OutboxItem, 'clientId' | 'url' | 'headers' | 'status'>>(
  later: T,
  sent: Pick<OutboxItem, 'clientId' | 'url' | 'headers'>,
  answer: unknown,
): T | null {
  const version = (answer as { updatedAt?: unknown } | null | undefined)?.updatedAt;
  const basis = sent.headers?.[IF_MATCH];
  if (typeof version !== 'string' || !basis || later.clientId === sent.clientId || later.url !== sent.url || later.status !== 'waiting') return null;
  if (later.headers?.[IF_MATCH] !== basis) return null;
  return { ...later, headers: { ...later.headers, [IF_MATCH]: `"${version}"` } };
}
