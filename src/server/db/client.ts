import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

/** The Drizzle database over the pool (`$client` is the pool, for the few raw cursor reads). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called for errors on idle clients (e.g. the server restarted); without a listener they crash Node. */
  onPoolError?: (err: Error) => void;
  max?: number;
}

/**
 * One pool per process. Timeouts are bounded so an outage gives a quick error (mapped to 503)
 * instead of requests that hang.
 */
export function connectDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    application_name: 'asset-register',
  });
  pool.on('error', options.onPoolError ?? (() => {}));
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    close: () => pool.end(),
  };
}
