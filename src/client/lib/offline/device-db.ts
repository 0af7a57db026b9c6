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
  /**
   * A child record made with its parent (a photo chosen in an assessment's or an action's form, an
   * inspection's evidence, the first assessment of an asset made on the device): sent after the
   * parent, with the parent's server id (from its answer) put in `body[field]` (and in `refs[field]`
   * when it has one). Until then it waits.
   */
  parent?: { clientId: string; field: OutboxParentField; label: string };
  /** A photo's file and what was read from it on the device (kind 'photo'). */
  photo?: OutboxPhoto;
}

export type OutboxKind = 'asset' | 'reading' | 'assessment' | 'asset-edit' | 'action' | 'action-status' | 'action-edit' | 'inspection' | 'photo';

/** The field of a child's body that takes its parent's server id. */
export type OutboxParentField = 'assetId' | 'assessmentId' | 'actionId' | 'inspectionId';

/**
 * The server id of a record this device sent from its outbox (ADR 028): a child saved in a form opened
 * while its parent still waited (in any tab, or while the service worker sent it) takes the id from
 * here. Written in the transaction that removes the parent; kept 7 days, and forgotten on sign-out.
 */
export interface SentRecord {
  clientId: string;
  serverId: string;
  userId: string;
  sentAt: number;
}

/** A photo chosen in a form, handed to the outbox when the record it belongs to is kept there. */
export interface PhotoToKeep {
  file: File;
  caption?: string;
}

/** A photo (or video) kept on the device until it is uploaded and recorded (ADR 028, "Photos through the outbox"). */
export interface OutboxPhoto {
  /** The file to upload: the original, or a copy resized to at most 2,048 px with the original's EXIF. */
  blob: Blob;
  filename: string;
  /** EXIF facts read from the original before any resize (shown on the Outbox screen). */
  takenAt: string | null;
  gpsLat: string | null;
  gpsLon: string | null;
  /** Bytes of the original, when the kept copy is a resized one. */
  originalSize: number | null;
  /**
   * How far the upload got, so a replay cut half way goes on from there: the upload link and key
   * (POST /api/objects/upload, resumable), `sent` bytes the server has acknowledged (the file goes in
   * pieces of `pieceSize`, ADR 030), then `stored` once the last piece was answered. POST /api/media
   * comes last, with the item's client id as its Idempotency-Key.
   */
  upload?: { key: string; url: string; headers: Record<string, string>; expiresAt: string; stored: boolean; sent?: number; pieceSize?: number };
}

/**
 * The app's IndexedDB database (Dexie): GET answers kept for offline reading, the outbox of writes
 * made on the device and the server ids of what it sent (ADR 028). Loaded on demand, outside the
 * initial JS. A new version only adds tables here: Dexie keeps the existing ones and their rows.
 */
export const deviceDb = new Dexie('asset-register') as Dexie & {
  reads: EntityTable<KeptRead, 'url'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  sent: EntityTable<SentRecord, 'clientId'>;
};
deviceDb.version(1).stores({
  reads: 'url, savedAt',
  outbox: '++seq, &clientId, userId, kind',
});
deviceDb.version(2).stores({
  sent: 'clientId, sentAt',
});
