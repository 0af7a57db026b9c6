/** Global search (spec §2 Search, §5, §9). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results returned per list. */
export const SEARCH_RESULTS_PER_LIST = 20;
/**
 * Each list counts its matches up to this many and reports one more when there are more, shown as
 * "100+". Counting costs in proportion to the limit (ADR 011 has the measurements); past a hundred
 * the figure only tells the user to narrow the query.
 */
export const SEARCH_COUNT_LIMIT = 100;
/** Words of a query beyond this many are ignored (every word must match). */
export const SEARCH_MAX_TERMS = 8;

/** A list's count as the tabs show it: exact up to the limit, then "100+". */
export function formatSearchCount(total: number, limit: number = SEARCH_COUNT_LIMIT): string {
  return total > limit ? `${limit.toLocaleString('en-GB')}+` : total.toLocaleString('en-GB');
}

/** The All tab's count: the sum, marked "+" when any list stopped counting. */
export function formatSearchSum(totals: readonly number[], limit: number = SEARCH_COUNT_LIMIT): string {
  const capped = totals.some((t) => t > limit);
  const sum = totals.reduce((s, t) => s + Math.min(t, limit), 0);
  return capped ? `${sum.toLocaleString('en-GB')}+` : sum.toLocaleString('en-GB');
}
