import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Streams the rows of one query in batches through a server-side cursor (DECLARE … FETCH), so a
 * report over 100,000 assets never holds more than one batch in memory and runs as one consistent
 * snapshot. The query is built with Drizzle's sql`` template (parameters stay parameters), or is
 * its text and parameters already (an export worker gets them from the main thread).
 */
export async function* streamRows<T>(db: Db, query: SQL | { sql: string; params: unknown[] }, batchSize = 2000): AsyncGenerator<T[]> {
  const { sql: text, params } = 'params' in query ? query : dialect.sqlToQuery(query);
  const client = await db.$client.connect();
  let ok = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE report_cursor NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const { rows } = await client.query(`FETCH ${batchSize} FROM report_cursor`);
      if (rows.length === 0) break;
      yield rows as T[];
    }
    await client.query('COMMIT');
    ok = true;
  } finally {
    if (!ok) await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}
