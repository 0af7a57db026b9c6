import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** An open transaction on the database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction in which the audit trail's triggers record `actorId` (the signed-in
 * user) as the author of every change. `set_config(…, true)` lasts only until the transaction ends, so
 * a pooled connection never carries one user's name into another request.
 */
export function transactionAs<T>(db: Db, actorId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.actor_id', ${actorId}, true)`);
    return work(tx);
  });
}
