import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { actions, assets, meters } from '../../db/schema';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import { findMatches, type Found, type Match } from './matches';
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
  const lists = async (match: Match, skip?: Record<ListName, string[]>) => {
    const found = await findMatches(
      db,
      LISTS.map(({ name, source, id }) => ({
        source,
        match,
        where: skip && skip[name].length > 0 ? sql`${id} <> ALL (${sql.param(skip[name])}::uuid[])` : undefined,
        rows: SEARCH_RESULTS_PER_LIST,
        countTo: SEARCH_COUNT_LIMIT,
      })),
    );
    return Object.fromEntries(LISTS.map(({ name }, i) => [name, found[i]!])) as Record<ListName, Found>;
  };

  return {
    async search(q: string): Promise<SearchResponse> {
      const exact = await lists(matchOf(q));
      const response = responseOf(exact);
      const exactTotal = response.totals.assets + response.totals.actions + response.totals.meters;
      if (exactTotal >= SEARCH_RESULTS_PER_LIST) return response;

      const fixes = await corrections(db, searchTerms(q));
      if (fixes.size === 0) return response;
      // Fewer than a page was found in all lists together, so the lists hold every exact match and
      // each has room for the rest: the corrected search leaves those out by id. A one-word query's
      // matches as typed are exactly those, so only its corrections are searched.
      const keepTyped = searchTerms(q).length > 1;
      const ids = (name: ListName) => response[name].map((row) => row.id);
      const more = responseOf(await lists(correctedMatchOf(q, fixes, keepTyped), { assets: ids('assets'), actions: ids('actions'), meters: ids('meters') }));
      const take = <T>(first: T[], then: T[]) => first.concat(then).slice(0, SEARCH_RESULTS_PER_LIST);
      return {
        assets: take(response.assets, more.assets),
        actions: take(response.actions, more.actions),
        meters: take(response.meters, more.meters),
        totals: {
          assets: response.totals.assets + more.totals.assets,
          actions: response.totals.actions + more.totals.actions,
          meters: response.totals.meters + more.totals.meters,
        },
        totalLimit: SEARCH_COUNT_LIMIT,
      };
    },
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

/** Up to 3 of the register's words most like each term that is a word (pg_trgm similarity ≥ 0.3). */
export async function corrections(db: Db, terms: string[]): Promise<Corrections> {
  const found: Corrections = new Map();
  const words = terms.filter(isWord);
  if (words.length === 0) return found;
  const { rows } = await db.execute<{ term: string; word: string }>(sql`
    SELECT t.term, w.word
    FROM unnest(${sql.param(words)}::text[]) AS t(term)
    CROSS JOIN LATERAL (${correctionsOf(sql`t.term`)}) AS w`);
  for (const { term, word } of rows) found.set(term, [...(found.get(term) ?? []), word]);
  return found;
}

const correctionsOf = (term: SQL) => sql`
  SELECT word FROM search_words
  WHERE word % ${term} AND word <> ${term}
  ORDER BY similarity(word, ${term}) DESC, word LIMIT 3`;
