import { Dexie, type EntityTable } from 'dexie';

/** A GET answer kept for reading offline (kept-reads.ts). */
export interface KeptRead {
  url: string;
  body: string;
  nextCursor: string | null;
  savedAt: number;
  /** The site kept offline this answer belongs to (kept-sites.ts): never pruned while it is kept. */
  pinnedBy?: string;
}

/** waiting: to be sent; failed: the server refused it (a 4xx); conflict: an edit of a record changed meanwhile. */
export type OutboxStatus = 'waiting' | 'failed' | 'conflict';

/** One write made on this device, waiting to be sent (lib/outbox). */
export interface OutboxItem {
  /** Order of capture: items are sent in this order. */
  seq?: number;
  /** The client-generated id: sent as the Idempotency-Key, so a replay never writes twice. */
  clientId: string;
  /** Who made it: only that user's session sends it. */
  userId: string;
  kind: OutboxKind;
  method: 'POST' | 'PATCH';
  url: string;
  body: Record<string, unknown>;
  /** Extra request headers: an edit's If-Match, naming the version it was based on. */
  headers?: Record<string, string>;
  /** For status conflict: the record as it is on the server now, to show beside the user's version. */
  conflict?: { message: string; current: Record<string, unknown> };
  /** What the Outbox screen calls it, e.g. "Reading 1234 kWh on EL-100". */
  label: string;
  /** The records it belongs to, so their lists can show it as waiting (e.g. { meterId }). */
  refs: Record<string, string>;
  createdAt: number;
  attempts: number;
  /** Not sent again before this time (backoff after network errors). */
  nextAttemptAt: number;
  lastError: string | null;
  status: OutboxStatus;
}

export type OutboxKind = 'reading' | 'assessment' | 'asset-edit' | 'action-status';

/**
 * The app's IndexedDB database (Dexie): GET answers kept for offline reading, and the outbox of
 * writes made on the device (ADR 028). Loaded on demand, outside the initial JS.
 */
export const deviceDb = new Dexie('asset-register') as Dexie & {
  reads: EntityTable<KeptRead, 'url'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
};
deviceDb.version(1).stores({
  reads: 'url, savedAt',
  outbox: '++seq, &clientId, userId, kind',
});
