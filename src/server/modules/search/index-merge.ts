import type { Db } from '../../db/client';

/**
 * Merges the search indexes' pending lists (search_merge_pending_lists(), db/sql/search.sql) every few seconds. Each GIN index keeps
 * new entries in a list that every search through it reads in full until the list is merged; left
 * to itself that happens only when an insert fills it (4 MB, ~1,000 creates) or at VACUUM, so a
 * register written to slowly all day, or just after an import, is searched through a long list.
 * Measured on 100,000 assets refilled through the API: with the lists as 150,000 creates left them
 * (67–340 pages), 20 of 44 search corpus lines missed their budget, 13 once merged
 * (ADR 021, History: "one round trip per search"). Merging costs what the insert that fills the
 * list would have paid, off the request path; an empty list costs a read of its metapage.
 */
export const SEARCH_INDEX_MERGE_INTERVAL_MS = 10_000;
const MERGE_LOCK_CLASS = 0x534d47; // 'SMG'

/** Pages merged, or null when another app process holds the job. */
export async function mergeSearchIndexes(db: Db): Promise<number | null> {
  const client = await db.$client.connect();
  try {
    // One process at a time (several app processes share the database).
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, 0) AS ok', [MERGE_LOCK_CLASS]);
    if (!locked[0]!.ok) return null;
    try {
      const { rows } = await client.query<{ pages: string }>('SELECT search_merge_pending_lists() AS pages');
      return Number(rows[0]!.pages);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [MERGE_LOCK_CLASS]);
    }
  } finally {
    client.release();
  }
}
