-- ── Search (modules/search/README.md, ADR 021) ──────────────────────────────────────────────────
-- The words offered as spelling corrections: the SQL copy of the search tokeniser's wordsOf()
-- (modules/search/terms.ts), lower-cased words of letters and digits, split at everything else,
-- kept when they are 3 to 40 letters with no digit (codes and serials are not words to correct
-- to). A test holds the two to the same answer.
CREATE OR REPLACE FUNCTION search_words_of(t text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT DISTINCT m[1] FROM regexp_matches(lower(t), '[[:alnum:]]+', 'g') AS m
  WHERE length(m[1]) BETWEEN 3 AND 40 AND m[1] !~ '[[:digit:]]'
$$;

-- Words are inserted in sorted order so concurrent writers adding the same new words take them in
-- the same order. A word stays after the last record using it is gone, until the daily prune
-- (modules/search/vocabulary-prune.ts).
CREATE OR REPLACE FUNCTION search_words_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO search_words (word)
  SELECT w FROM search_words_of(NEW.search_text) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_search_words AFTER INSERT ON assets FOR EACH ROW EXECUTE FUNCTION search_words_track();

CREATE OR REPLACE TRIGGER assets_search_words_changed AFTER UPDATE ON assets FOR EACH ROW WHEN ((old.search_text IS DISTINCT FROM new.search_text)) EXECUTE FUNCTION search_words_track();

CREATE OR REPLACE TRIGGER actions_search_words AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION search_words_track();

CREATE OR REPLACE TRIGGER actions_search_words_changed AFTER UPDATE ON actions FOR EACH ROW WHEN ((old.search_text IS DISTINCT FROM new.search_text)) EXECUTE FUNCTION search_words_track();

CREATE OR REPLACE TRIGGER meters_search_words AFTER INSERT ON meters FOR EACH ROW EXECUTE FUNCTION search_words_track();

CREATE OR REPLACE TRIGGER meters_search_words_changed AFTER UPDATE ON meters FOR EACH ROW WHEN ((old.search_text IS DISTINCT FROM new.search_text)) EXECUTE FUNCTION search_words_track();

-- Every pair of neighbouring characters of a text, white space left out, distinct: a term of two
-- characters (`hp`, `60`, `b2`) occurs in a search_text exactly when this holds it, so an index on
-- it finds such terms as the trigram index finds longer ones. The bigram indexes are built on it:
-- a change to what it returns must come with a migration that rebuilds them (REINDEX).
CREATE OR REPLACE FUNCTION search_bigrams(t text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(array_agg(DISTINCT c || n), '{}') FROM (
    SELECT c, lead(c) OVER (ORDER BY o) AS n FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS x(c, o)
  ) AS pairs
  WHERE n IS NOT NULL AND c NOT IN (' ', E'\t', E'\n', E'\r') AND n NOT IN (' ', E'\t', E'\n', E'\r')
$$;

-- The search's GIN indexes (trigram and bigram) collect new entries in a pending list (up to 4 MB
-- each) that every search reading the index scans in full, until an insert that fills it or a
-- VACUUM merges it. The app merges them every few seconds (modules/search/index-merge.ts).
-- gin_clean_pending_list() is for the index's owner only, so this function runs as the owner
-- (SECURITY DEFINER, fixed search_path) and merges those six indexes and nothing else. Returns the
-- pending pages merged.
CREATE OR REPLACE FUNCTION search_merge_pending_lists() RETURNS bigint
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
  SELECT coalesce(sum(gin_clean_pending_list(index_name::regclass)), 0)::bigint
  FROM unnest(ARRAY[
    'assets_search_text_trgm_idx', 'assets_search_bigrams_idx',
    'actions_search_text_trgm_idx', 'actions_search_bigrams_idx',
    'meters_search_text_trgm_idx', 'meters_search_bigrams_idx'
  ]) AS index_name
$$;
