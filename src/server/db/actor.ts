import type pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import type { Db } from './client';
import { isUuid } from './keyset';

/**
 * An open transaction on one pooled connection: the query builder of `Db` without `transaction()`,
 * which on a single connection would send a second BEGIN and commit this transaction early.
 */
export type Tx = Omit<NodePgDatabase<typeof schema>, 'transaction'> & { $client: pg.PoolClient };

/** One query builder per pooled connection, made the first time it runs a transaction (making one is not free). */
const builders = new WeakMap<pg.PoolClient, Tx>();

/**
 * Work a caller adds to the end of a write's transaction, given what the write made: it commits or
 * rolls back with the write. An idempotent route keeps its answer this way (idempotency.plugin.ts),
 * so no record can exist without the answer a repeat of its request gets.
 */
export type InTransaction<T> = (tx: Tx, made: T) => Promise<void>;

/**
 * Runs `work` in one transaction in which the audit trail's triggers record `actorId` (the signed-in
 * user) as the author of every change. `set_config(…, true)` lasts only until the transaction ends, so
 * a pooled connection never carries one user's name into another request.
 *
 * BEGIN and the actor go to PostgreSQL as one simple query, one round trip instead of Drizzle's two
 * (its `transaction()` sends BEGIN on its own). A simple query cannot take parameters, so the id is
 * written into it; it is the session's user id and must be a UUID, checked here. `inTransaction`
 * runs after `work`, before COMMIT.
 */
export async function transactionAs<T>(db: Db, actorId: string, work: (tx: Tx) => Promise<T>, inTransaction?: InTransaction<T>): Promise<T> {
  if (!isUuid(actorId)) throw new Error('transactionAs: the actor id must be a UUID');
  const client = await db.$client.connect();
  let tx = builders.get(client);
  if (!tx) builders.set(client, (tx = drizzle({ client, schema })));
  // A connection whose BEGIN, COMMIT or ROLLBACK failed may be mid-transaction or dead: the pool
  // must close it rather than hand it to the next request.
  let unusable: Error | undefined;
  const control = (statement: string) =>
    client.query(statement).catch((err: Error) => {
      unusable = err;
      throw err;
    });
  try {
    await control(`BEGIN; SELECT set_config('app.actor_id', '${actorId}', true)`);
    let result: T;
    try {
      result = await work(tx);
      if (inTransaction) await inTransaction(tx, result);
    } catch (err) {
      await control('ROLLBACK').catch(() => {}); // the work's error is the one to report
      throw err;
    }
    await control('COMMIT');
    return result;
  } finally {
    client.release(unusable);
  }
}

/**
 * A statement a transaction runs on every request of a hot write, built by Drizzle once per pooled
 * connection and sent under its name, so PostgreSQL parses and plans it once per connection too
 * (as the pool's prepared reads are, ADR 015): for a short write, planning its statements each time
 * cost more than running them. `prepare` gets the connection's query builder (transactionAs's).
 */
export function preparedPerConnection<T>(prepare: (tx: Tx) => T): (tx: Tx) => T {
  const prepared = new WeakMap<Tx, T>();
  return (tx) => {
    let statement = prepared.get(tx);
    if (!statement) prepared.set(tx, (statement = prepare(tx)));
    return statement;
  };
}
