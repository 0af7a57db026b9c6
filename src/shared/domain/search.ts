/** Global search (spec §2 Search, §5, §9). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results returned per list; the totals count every match. */
export const SEARCH_RESULTS_PER_LIST = 20;
