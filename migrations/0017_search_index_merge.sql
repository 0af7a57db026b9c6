-- The search's GIN indexes (trigram and bigram, migration 0016) collect new entries in a pending
-- list (up to 4 MB each) that every search reading the index scans in full, until an insert that
-- fills it or a VACUUM merges it. After a day of surveys or an import that can be hundreds of pages
-- per index on every search. The app merges them every few seconds (search/index-merge.ts).
-- gin_clean_pending_list() is for the index's owner only, so this function runs as the owner
-- (SECURITY DEFINER, fixed search_path) and merges those six indexes and nothing else. Returns the
-- pending pages merged.
CREATE OR REPLACE FUNCTION search_merge_pending_lists() RETURNS bigint
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(sum(gin_clean_pending_list(index_name::regclass)), 0)::bigint
  FROM unnest(ARRAY[
    'assets_search_text_trgm_idx', 'assets_search_bigrams_idx',
    'actions_search_text_trgm_idx', 'actions_search_bigrams_idx',
    'meters_search_text_trgm_idx', 'meters_search_bigrams_idx'
  ]) AS index_name
$$;
