import type { PoolClient } from 'pg';
import type { Db } from '../../db/client';

/**
 * search_words (the typo dictionary) is only added to by the write triggers: a word that no record
 * holds any more stays. That costs no wrong answer, but the table would only grow (every word typed
 * once and corrected, every deleted record). This removes what no record holds.
 *
 * Two steps, so writers wait only for the second: candidates are found without a lock, then, under a
 * lock that waits for every writer that touched the table to commit (each insert takes ROW EXCLUSIVE,
 * even when its ON CONFLICT finds the row already there), each candidate is checked again and only then
 * deleted. Without that lock a record committed in between could keep a word the prune had just taken
 * away. `lock_timeout` keeps the lock from queueing writers behind a long transaction: the next run
 * tries again.
 */
export const VOCABULARY_PRUNE_INTERVAL_MS = 24 * 3_600_000;
const PRUNE_LOCK_CLASS = 0x565043; // 'VPC'

export interface PruneResult {
  words: number;
}

export async function pruneSearchVocabulary(db: Db): Promise<PruneResult | null> {
  const client = await db.$client.connect();
  try {
    // One server at a time (several app processes share the database).
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, 0) AS ok', [PRUNE_LOCK_CLASS]);
    if (!locked[0]!.ok) return null;
    try {
      // Words are letters only (search_words_of(), terms.ts), so LIKE needs no escaping. A word
      // inside a longer one still counts as held: it keeps a few words too many, never one too few.
      const words = await pruneTable(client, {
        table: 'search_words',
        candidates: `SELECT word FROM search_words
          EXCEPT SELECT search_words_of(search_text) FROM assets
          EXCEPT SELECT search_words_of(search_text) FROM actions
          EXCEPT SELECT search_words_of(search_text) FROM meters`,
        stillUnused: `NOT EXISTS (SELECT 1 FROM assets a WHERE a.search_text LIKE '%' || s.word || '%')
            AND NOT EXISTS (SELECT 1 FROM actions c WHERE c.search_text LIKE '%' || s.word || '%')
            AND NOT EXISTS (SELECT 1 FROM meters m WHERE m.search_text LIKE '%' || s.word || '%')`,
      });
      return { words };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [PRUNE_LOCK_CLASS]);
    }
  } finally {
    client.release();
  }
}

async function pruneTable(
  client: PoolClient,
  { table, candidates, stillUnused }: { table: 'search_words'; candidates: string; stillUnused: string },
): Promise<number> {
  const { rows } = await client.query<{ word: string }>(candidates);
  if (rows.length === 0) return 0;
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = '2s'`);
    // Statement timeout for the maintenance transaction: the checks read indexes, bounded by the candidates.
    await client.query(`SET LOCAL statement_timeout = '60s'`);
    await client.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    const deleted = await client.query(
      `DELETE FROM ${table} s WHERE s.word = ANY ($1::text[]) AND ${stillUnused}`,
      [rows.map((r) => r.word)],
    );
    await client.query('COMMIT');
    return deleted.rowCount ?? 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
