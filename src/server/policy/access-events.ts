import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/**
 * Changes to who may do what, announced to every app process at once (PostgreSQL LISTEN/NOTIFY).
 * Each process keeps a short-lived copy of sessions and of the organisation's settings; when a user
 * is deactivated, changes role or password, or an admin changes the settings, the process that made
 * the change sends an event and every process (itself included) drops what it kept. While the
 * listening connection is down, `connected` is false and the caches read the database every time.
 */
export const ACCESS_CHANNEL = 'access_changed';

/** A user's account changed, the settings changed, or (`missed`) events may have gone unheard. */
export type AccessEvent = { kind: 'user'; userId: string } | { kind: 'settings' } | { kind: 'missed' };

export interface AccessEvents {
  /** True while this process hears every event (its copies may be trusted). */
  readonly connected: boolean;
  /** Settles once the first attempt to listen has succeeded or failed; the app waits for it before serving. */
  readonly firstAttempt: Promise<void>;
  on(listener: (event: AccessEvent) => void): void;
  /** Announces an event to every process; sent in `db`'s connection (a transaction's, to go out at its commit). */
  send(db: Pick<Db, 'execute'>, event: AccessEvent): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 2_000;

function encode(event: AccessEvent): string {
  return event.kind === 'user' ? `user:${event.userId}` : event.kind;
}

function decode(payload: string | undefined): AccessEvent | null {
  if (payload === 'settings') return { kind: 'settings' };
  const match = /^user:([0-9a-f-]{36})$/.exec(payload ?? '');
  return match ? { kind: 'user', userId: match[1]! } : null;
}

export function listenForAccessEvents(db: Db, log: FastifyBaseLogger): AccessEvents {
  const listeners: Array<(event: AccessEvent) => void> = [];
  const emit = (event: AccessEvent) => listeners.forEach((listener) => listener(event));
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(db.$client.options);
    next.on('notification', (message) => {
      const event = decode(message.payload);
      if (event) emit(event);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'access events: the listening connection failed; reconnecting');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${ACCESS_CHANNEL}`);
      if (closed) return void (await next.end().catch(() => undefined));
      client = next;
      connected = true;
    } catch (err) {
      log.warn({ err }, 'access events: cannot listen; sessions and settings are read on every request until it can');
      lost(next);
    }
  };

  const lost = (which: pg.Client) => {
    if (client !== null && client !== which) return;
    client = null;
    // Events may go unheard until it is back: everything kept must be read again.
    if (connected) emit({ kind: 'missed' });
    connected = false;
    which.end().catch(() => undefined);
    if (!closed && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  const firstAttempt = connect();

  return {
    get connected() {
      return connected;
    },
    firstAttempt,
    on: (listener) => void listeners.push(listener),
    async send(target, event) {
      await target.execute(sql`SELECT pg_notify(${ACCESS_CHANNEL}, ${encode(event)})`);
      // This process hears its own event through LISTEN too, but acts at once rather than after the round trip.
      emit(event);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
