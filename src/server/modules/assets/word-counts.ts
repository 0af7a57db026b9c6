import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedulePeriodic } from '../../jobs/periodic';

/**
 * Word counts: how many assets (asset_word_counts) and actions (action_word_counts) hold each word,
 * recounted from a sample. The asset list (list-search.ts, ADR 013) and the global search
 * (search.repo.ts, ADR 015) bound a search's matches with them to choose between walking the
 * newest-first index and reading every match through the trigram index. PostgreSQL's own guess comes
 * from a 250-entry sample of search_text, and for a word in 0.2–2 % of assets it decided the plan by
 * luck (14.7 ms instead of 0.4 ms for `kone`, docs/performance.md).
 */

/** The search's runs of 3 or more letters, as register_words() would find them inside words. */
export function letterRuns(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/[^\p{L}]+/u).filter((run) => run.length >= 3))];
}

/** How often the server recounts (the counts only steer plans, so minutes of staleness are harmless). */
export const WORD_RECOUNT_INTERVAL_MS = 15 * 60_000;

/**
 * Recounts asset_word_counts and action_word_counts (the global search reads both); false when
 * another server's recount of either was running.
 */
export async function recountWords(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ assets: boolean; actions: boolean }>(
    sql`SELECT recount_asset_words() AS assets, recount_action_words() AS actions`,
  );
  return rows[0]!.assets && rows[0]!.actions;
}

/**
 * Recounts every WORD_RECOUNT_INTERVAL_MS while the server runs (~1 s of database CPU for the
 * assets, less for the actions: each reads a sample of at most 20,000). A bulk load recounts at its
 * end (rebuild_register_aggregates()), so a fresh server does not start with one.
 */
export function scheduleWordRecount(app: FastifyInstance, db: Db): void {
  schedulePeriodic(app, 'recounting the words of assets and actions', WORD_RECOUNT_INTERVAL_MS, () => recountWords(db));
}
