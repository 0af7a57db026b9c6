import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { actions, assets, meters } from '../../db/schema';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import { findMatches, findMatchesOrFew, type Found, type Match } from './matches';
import { correctedMatchOf, matchOf } from './query';
import { actionSource, assetSource, meterSource } from './sources';
import { isWord, searchTerms } from './terms';

type ListName = 'assets' | 'actions' | 'meters';
const LISTS = [
  { name: 'assets', source: assetSource, id: assets.id },
  { name: 'actions', source: actionSource, id: actions.id },
  { name: 'meters', source: meterSource, id: meters.id },
] as const;

/** Each mistyped term with the register's words most like it. */
export type Corrections = Map<string, string[]>;

/**
 * Global search (spec §2 Search): assets, actions and meters containing every term of the query,
 * each list's first page with its count up to SEARCH_COUNT_LIMIT and one more. When all three
 * lists together hold less than a page, mistyped words are looked up among the register's own
 * words (`search_words`) and records matching a correction follow the exact matches.
 */
export function globalSearch(db: Db) {
  const requests = (match: Match, skip?: Record<ListName, string[]>) =>
    LISTS.map(({ name, source, id }) => ({
      source,
      match,
      where: skip && skip[name].length > 0 ? sql`${id} <> ALL (${sql.param(skip[name])}::uuid[])` : undefined,
      rows: SEARCH_RESULTS_PER_LIST,
      countTo: SEARCH_COUNT_LIMIT,
    }));
  const byList = (found: Found[]) => Object.fromEntries(LISTS.map(({ name }, i) => [name, found[i]!])) as Record<ListName, Found>;

  /**
   * `exact` (the exact matches, fewer than a page in all lists together, so each list holds all of
   * its own and has room for the rest) followed by the records matching a correction (`fixes`),
   * leaving the exact ones out by id. A one-word query's matches as typed are exactly those, so
   * only its corrections are searched.
   */
  const withCorrections = async (q: string, fixes: Corrections, exact: SearchResponse): Promise<SearchResponse> => {
    const keepTyped = searchTerms(q).length > 1;
    const ids = (name: ListName) => exact[name].map((row) => row.id);
    const corrected = requests(correctedMatchOf(q, fixes, keepTyped), { assets: ids('assets'), actions: ids('actions'), meters: ids('meters') });
    const more = responseOf(byList(await findMatches(db, corrected)));
    const take = <T>(first: T[], then: T[]) => first.concat(then).slice(0, SEARCH_RESULTS_PER_LIST);
    return {
      assets: take(exact.assets, more.assets),
      actions: take(exact.actions, more.actions),
      meters: take(exact.meters, more.meters),
      totals: {
        assets: exact.totals.assets + more.totals.assets,
        actions: exact.totals.actions + more.totals.actions,
        meters: exact.totals.meters + more.totals.meters,
      },
      totalLimit: SEARCH_COUNT_LIMIT,
    };
  };

  return {
    async search(q: string): Promise<SearchResponse> {
      // The exact matches, and (in the same statement) corrections of the query's words when the
      // three lists together hold less than a page.
      const exact = await findMatchesOrFew(db, requests(matchOf(q)), {
        name: 'corrections',
        below: SEARCH_RESULTS_PER_LIST,
        words: searchTerms(q).filter(isWord),
        column: correctionsOf,
      });
      const response = responseOf(byList(exact.found));
      const fixes = new Map(Object.entries((exact.few ?? {}) as Record<string, string[]>));
      return fixes.size === 0 ? response : withCorrections(q, fixes, response);
    },
    withCorrections,
  };
}

function responseOf(found: Record<ListName, Found>): SearchResponse {
  const parse = <T>(f: Found) => f.rows.map((row) => JSON.parse(row.json) as T);
  return {
    assets: parse(found.assets),
    actions: parse(found.actions),
    meters: parse(found.meters),
    totals: { assets: found.assets.total, actions: found.actions.total, meters: found.meters.total },
    totalLimit: SEARCH_COUNT_LIMIT,
  };
}

/**
 * Each word's corrections as {word: [up to 3 of the register's words most like it]} (pg_trgm
 * similarity ≥ 0.3, most alike first), from `words` (a text[]); words with none are left out.
 */
function correctionsOf(words: SQL): SQL {
  return sql`SELECT json_object_agg(t.term, w.words)
    FROM unnest(${words}) AS t(term)
    CROSS JOIN LATERAL (
      SELECT array_agg(word ORDER BY similarity(word, t.term) DESC, word) AS words
      FROM (SELECT word FROM search_words WHERE word % t.term AND word <> t.term
            ORDER BY similarity(word, t.term) DESC, word LIMIT 3) AS alike) AS w
    WHERE w.words IS NOT NULL`;
}
