/**
 * The letter-run search index (migration 0011, ADR 016), as SQL pieces for the statements that read
 * it: the global search (search.repo.ts) and the asset list's search (list-search.ts).
 *
 * A word of 3–40 letters a–z occurs in a record exactly when it occurs in one of the record's
 * letter runs. `search_runs` lists every run (~80,000 at 100,000 assets, trigram-indexed), and
 * `<table>_search_runs` each record's runs in the list's order, so a page of the records containing
 * a word is the first page of each run containing it: index reads, however common the word and
 * however many records were added since.
 */

/**
 * The most runs a search reads one by one: each costs an index probe and up to a page of rows. A
 * word found in more runs is a common fragment (`ing` is in 26), which the walk finds sooner.
 */
export const MAX_RUN_WORDS = 8;

/** Where each table's runs are, and their order (the list's). */
export const RUNS_OF = {
  assets: { runs: 'asset_search_runs', order: 'r.created_at DESC, r.id DESC' },
  actions: { runs: 'action_search_runs', order: 'r.created_at DESC, r.id DESC' },
  meters: { runs: 'meter_search_runs', order: 'r.meter_number' },
} as const;

/**
 * SQL: the runs containing any of `patterns` (a text[] of containsPattern() patterns), or null when
 * one of them is not a word of 3–40 letters a–z (the index cannot answer it). The patterns reach the
 * lookup through a subquery, so PostgreSQL estimates it the same whether it knows their values or
 * not: an estimate that differed made the generic plan look dearer, and PostgreSQL then planned the
 * statement on every execution (~0.7 ms).
 */
export function runsContaining(patterns: string): string {
  return `CASE WHEN (SELECT bool_and(pattern ~ '^%[a-z]{3,40}%$') FROM unnest(${patterns}) AS pattern)
    THEN array(SELECT word FROM search_runs WHERE word LIKE ANY ((SELECT ${patterns})::text[]))
  END`;
}

/**
 * SQL: the ids of the first `limit` records of each run in `runs` (a text[]), in the table's order,
 * among those `r` (the runs table's row) passes `where`. A record holding several runs comes once
 * per run; the first page of all of them is within these.
 */
export function firstOfEachRun(table: keyof typeof RUNS_OF, runs: string, where: string, limit: string): string {
  const { runs: runTable, order } = RUNS_OF[table];
  return `SELECT h.id FROM unnest(${runs}) AS w(word)
     CROSS JOIN LATERAL (
       SELECT r.id FROM ${runTable} AS r
       WHERE r.word = w.word${where ? ` AND ${where}` : ''}
       ORDER BY ${order} LIMIT ${limit}) AS h`;
}
