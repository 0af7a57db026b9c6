import { and, sql, type SQL } from 'drizzle-orm';
import { areaSearch, type AreaSearch } from './area-plan';
import type { Db } from '../../db/client';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import { findMatches, findMatchesOrFew, type Found, type Match } from './matches';
import { correctedMatchOf, matchOf } from './query';
import { RESOURCES } from '../../resources';
import type { SearchList } from '../../resource';
import { isWord, searchTerms } from './terms';

type ListName = SearchList['list'];
/** The searchable resources' lists (`search` in each `*.resource.ts`), in the response's order. */
const LISTS = RESOURCES.flatMap((resource) => (resource.search ? [resource.search] : []));
const eachList = <T>(value: (list: SearchList) => T) => Object.fromEntries(LISTS.map((list) => [list.list, value(list)])) as Record<ListName, T>;


/** Each mistyped term with the register's words most like it. */
export type Corrections = Map<string, string[]>;

/**
 * Global search (spec §2 Search): assets, actions and meters containing every term of the query,
 * each list's first page with its count up to SEARCH_COUNT_LIMIT and one more. When all three
 * lists together hold less than a page, mistyped words are looked up among the register's own
 * words (`search_words`) and records matching a correction follow the exact matches. `now` is the
 * app's clock, for fields that depend on the day (an action's `overdue`).
 */
export function globalSearch(db: Db, now: () => Date) {
  /** Each list's request; with `area`, only records in the user's areas (area-plan.ts). */
  const requests = (match: Match, area: AreaSearch | undefined, skip?: Record<ListName, string[]>) =>
    LISTS.map(({ list, source, id, place, computed }) => ({
      source,
      match,
      where: and(
        area?.inPlaces(place),
        skip && skip[list].length > 0 ? sql`${id} <> ALL (${sql.param(skip[list])}::uuid[])` : undefined,
      ),
      filtered: area !== undefined,
      computed: computed?.(now()),
      ...area?.planning(list),
      rows: SEARCH_RESULTS_PER_LIST,
      countTo: SEARCH_COUNT_LIMIT,
    }));
  const byList = (found: Found[]) => eachList((list) => found[LISTS.indexOf(list)]!);

  /**
   * `exact` (the exact matches, fewer than a page in all lists together, so each list holds all of
   * its own and has room for the rest) followed by the records matching a correction (`fixes`),
   * leaving the exact ones out by id. A one-word query's matches as typed are exactly those, so
   * only its corrections are searched.
   */
  const withCorrections = async (
    q: string,
    fixes: Corrections,
    exact: SearchResponse,
    area?: AreaSearch,
  ): Promise<SearchResponse> => {
    const keepTyped = searchTerms(q).length > 1;
    const ids = eachList(({ list }) => exact[list].map((row) => row.id));
    const corrected = requests(correctedMatchOf(q, fixes, keepTyped), area, ids);
    const more = responseOf(byList(await findMatches(db, corrected)));
    const rows: Array<{ id: string }> = [];
    return {
      ...eachList(({ list }) => rows.concat(exact[list], more[list]).slice(0, SEARCH_RESULTS_PER_LIST)),
      totals: eachList(({ list }) => exact.totals[list] + more.totals[list]),
      totalLimit: SEARCH_COUNT_LIMIT,
    } as SearchResponse;
  };

  return {
    /** The query's matches in every list; with `areaRoots`, only in the user's areas. */
    async search(q: string, areaRoots: string[] | null = null): Promise<SearchResponse> {
      // The exact matches, and (in the same statement) corrections of the query's words when the
      // three lists together hold less than a page.
      const area = areaRoots ? await areaSearch(db, areaRoots) : undefined;
      const exact = await findMatchesOrFew(db, requests(matchOf(q), area), {
        name: 'corrections',
        below: SEARCH_RESULTS_PER_LIST,
        words: searchTerms(q).filter(isWord),
        column: correctionsOf,
      });
      const response = responseOf(byList(exact.found));
      const fixes = new Map(Object.entries((exact.few ?? {}) as Record<string, string[]>));
      return fixes.size === 0 ? response : withCorrections(q, fixes, response, area);
    },
    withCorrections,
  };
}

function responseOf(found: Record<ListName, Found>): SearchResponse {
  return {
    ...eachList(({ list }) => found[list].rows.map((row) => JSON.parse(row.json) as unknown)),
    totals: eachList(({ list }) => found[list].total),
    totalLimit: SEARCH_COUNT_LIMIT,
  } as SearchResponse;
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
