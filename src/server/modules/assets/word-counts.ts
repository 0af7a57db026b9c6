import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';

/**
 * Is a list search rare enough to read every match from the trigram index, rather than walk the
 * newest-first index until a page of matches turns up?
 *
 * The walk costs about (page ÷ share of assets matching) rows, the trigram bitmap about one row per
 * match; both come to √(page × assets) rows at the same number of matches (2,260 at 100,000 assets).
 * PostgreSQL guesses the number of matches from a 250-entry sample of search_text, and for a word in
 * 0.2–2 % of assets the guess decides the plan by luck (14.7 ms instead of 0.4 ms for `kone`,
 * docs/performance.md). The counts kept in asset_word_counts (migration 0009) bound it instead:
 * an asset containing the search text contains each of its letter runs, so it holds a word that
 * contains that run, and the fewest assets for any run bound the matches. Undercounts (a word not yet
 * recounted, or joined to digits) only send a common search down the bitmap path, which costs in
 * proportion to its matches but still gives the right page.
 */
export async function isRareSearch(db: Db, search: string, pageRows: number): Promise<boolean> {
  const runs = letterRuns(search);
  // Nothing to count (digits, one or two letters): the planner decides as before.
  if (runs.length === 0) return false;
  const { rows } = await db.$client.query<{ bound: number; assets: number }>({
    name: 'asset_search_bound',
    text: SEARCH_BOUND,
    values: [runs.map(containsPattern)],
  });
  const { bound, assets } = rows[0]!;
  return bound <= Math.sqrt(pageRows * Math.max(assets, 0));
}

/** The search's runs of 3 or more letters, as register_words() would find them inside words. */
export function letterRuns(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/[^\p{L}]+/u).filter((run) => run.length >= 3))];
}

/**
 * For each pattern, the assets holding a word that contains it; the smallest of those. And the
 * number of assets by the planner's own statistics (pg_class.reltuples: -1 before the first ANALYZE).
 * Exported for the bench, which measures the statements the app sends.
 */
export const SEARCH_BOUND = `
SELECT (SELECT min(n) FROM (
          SELECT (SELECT coalesce(sum(c.assets), 0) FROM asset_word_counts AS c WHERE c.word LIKE p)::int AS n
          FROM unnest($1::text[]) AS p) AS runs) AS bound,
       (SELECT reltuples FROM pg_class WHERE oid = 'assets'::regclass)::float8 AS assets`;

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
 * end (rebuild_register_aggregates()), so a fresh server does not start with one. Closing the server
 * waits for a recount in progress.
 */
export function scheduleWordRecount(app: FastifyInstance, db: Db): void {
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = recountWords(db)
        .catch((err: unknown) => app.log.warn({ err }, 'recounting the words of assets and actions failed'))
        .finally(() => (running = undefined));
    }, WORD_RECOUNT_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
