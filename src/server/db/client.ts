import os from 'node:os';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

/**
 * The Drizzle database over the pool (`$client` is the pool, for the few raw cursor reads), and the
 * search's own pool (`$search`, SEARCH_SESSION_OPTIONS).
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $search: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Connections of the search's pool. */
  searchConnections: number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Called when a connection is lost (the server restarted or went away), whether the connection was
   * idle in the pool or checked out. Without a listener such an error would crash Node.
   */
  onPoolError?: (err: Error) => void;
  /** Connections of the app's pool (default 10). */
  max?: number;
  /** Connections of the search's pool (default searchConnectionsDefault(), at most `max`). */
  searchMax?: number;
}

/**
 * The search pool's default size: this machine's processors and one more. A search is one short
 * statement that keeps a processor busy while it runs, and the database's share of a search costs
 * about as much as the app's, so more statements at once than the processors can serve only make
 * each of them slower: PostgreSQL's processes then share the processors in turns, and the heaviest
 * searches take many turns. Fewer connections queue the surplus in the pool instead, in order.
 * Measured in ADR 021 (History: "search connections, a wider sample").
 */
export function searchConnectionsDefault(): number {
  return os.availableParallelism() + 1;
}

/**
 * Planner settings of the app's own sessions. `random_page_cost` 1.1 instead of 4 (a spinning
 * disk's figure; PostgreSQL's documentation suggests lower values for SSDs and for data that stays
 * in memory): at 4 the planner would rather walk the newest-first index and filter than read a
 * composite index such as (condition, created_at), which is only right when matches are spread
 * evenly. After 36,000 new assets of one condition, `condition=poor` walked them all instead of
 * reading 51 index entries. docs/performance.md, "Asset list".
 *
 * Not `plan_cache_mode = force_generic_plan`, although PostgreSQL re-plans the app's prepared
 * browsing statements on every execution: it applies to every statement with parameters, the unnamed
 * ones too, and gave the global search one plan for every word, slow for common ones. ADR 013.
 *
 * No JIT: the app's statements are short, and compiling one costs more than it saves.
 */
export const SESSION_OPTIONS = '-c random_page_cost=1.1 -c jit=off';

/**
 * The search's own sessions (modules/search/README.md): every statement there is named and its shape
 * fixes its plan, so PostgreSQL keeps each one's generic plan instead of planning it again for every
 * search's values (which costs as much as running it). Set per session rather than per transaction,
 * a search is one statement with no BEGIN and COMMIT around it. No JIT: a search statement holds a
 * branch per plan and runs one, but its estimated cost sums them all, so at 1,000,000 assets it
 * passed `jit_above_cost` and compiled for many times longer than the search then ran. Read-only: the
 * search only reads.
 */
export const SEARCH_SESSION_OPTIONS = `${SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan -c default_transaction_read_only=on`;

/**
 * Drizzle over the search's pool, for named reads whose shape fixes their plan (the work list's,
 * ADR 031): those sessions keep a statement's generic plan (SEARCH_SESSION_OPTIONS), where the app's
 * would plan it again for every execution whenever the generic plan's estimate looks dearer than a
 * custom one's, although the plan is the same.
 */
const plannedOnceReads = new WeakMap<pg.Pool, NodePgDatabase<typeof schema>>();
export function plannedOnce(db: Db): NodePgDatabase<typeof schema> {
  let reads = plannedOnceReads.get(db.$search);
  if (!reads) plannedOnceReads.set(db.$search, (reads = drizzle(db.$search, { schema })));
  return reads;
}

/**
 * Two pools per process, the app's (`max`) and the search's (`searchMax`), their connections opened
 * as needed; the app's close after 30 s idle, the search's stay open.
 * Timeouts are bounded so an outage gives a quick error (mapped to 503) instead of requests that
 * hang; TCP keepalive finds connections whose peer vanished silently.
 */
export function connectDatabase(url: string, options: DatabaseOptions = {}): Database {
  const onConnectionLost = options.onPoolError ?? (() => {});
  const open = (applicationName: string, sessionOptions: string, max: number, idleTimeoutMillis: number) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis,
      statement_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: applicationName,
      options: sessionOptions,
    });
    // The pool listens for errors only on idle clients. A client checked out for a transaction has
    // no listener, so its connection dying would throw an unhandled 'error' event and end the
    // process. Its queries are rejected all the same (the request answers 503), and the pool drops
    // the client when it is released, so the event only needs noting.
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    pool.on('error', onConnectionLost);
    return pool;
  };
  const pool = open('asset-register', SESSION_OPTIONS, options.max ?? 10, 30_000);
  // The search's connections are kept however long they idle: each holds the statements it has
  // prepared and planned (search/warm-up.ts), which a new connection would plan again at several
  // times a search's cost. They are few (processors + 1).
  const searchConnections = options.searchMax ?? Math.min(options.max ?? 10, searchConnectionsDefault());
  const searchPool = open('asset-register-search', SEARCH_SESSION_OPTIONS, searchConnections, 0);
  const db = Object.assign(drizzle(pool, { schema }), { $search: searchPool });
  return {
    db,
    pool,
    searchConnections,
    close: async () => {
      await Promise.all([pool.end(), searchPool.end()]);
    },
  };
}
