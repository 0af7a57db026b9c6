-- ── One search engine (issue 20, ADR 021) ───────────────────────────────────────────────────────
-- The search module samples each list and reads it through the trigram indexes or its own order
-- (modules/search/README.md), so the letter-run index (0011) and the word counts (0009, 0010) that
-- steered the old plans go, with their triggers and rebuilds.
DROP TRIGGER assets_search_runs ON assets;
--> statement-breakpoint
DROP TRIGGER assets_search_runs_changed ON assets;
--> statement-breakpoint
DROP TRIGGER actions_search_runs ON actions;
--> statement-breakpoint
DROP TRIGGER actions_search_runs_changed ON actions;
--> statement-breakpoint
DROP TRIGGER meters_search_runs ON meters;
--> statement-breakpoint
DROP TRIGGER meters_search_runs_changed ON meters;
--> statement-breakpoint
DROP TRIGGER assets_search_runs_truncated ON assets;
--> statement-breakpoint
DROP TRIGGER actions_search_runs_truncated ON actions;
--> statement-breakpoint
DROP TRIGGER meters_search_runs_truncated ON meters;
--> statement-breakpoint
DROP FUNCTION asset_search_runs_track();
--> statement-breakpoint
DROP FUNCTION action_search_runs_track();
--> statement-breakpoint
DROP FUNCTION meter_search_runs_track();
--> statement-breakpoint
DROP FUNCTION search_runs_truncated();
--> statement-breakpoint
-- ── The words offered as spelling corrections ───────────────────────────────────────────────────
-- The SQL copy of the search tokeniser's wordsOf() (modules/search/terms.ts): lower-cased words of
-- letters and digits, split at everything else, kept when they are 3 to 40 letters with no digit
-- (codes and serials are not words to correct to). A test holds the two to the same answer.
CREATE FUNCTION search_words_of(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT m[1] FROM regexp_matches(lower(t), '[[:alnum:]]+', 'g') AS m
  WHERE length(m[1]) BETWEEN 3 AND 40 AND m[1] !~ '[[:digit:]]'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO search_words (word)
  SELECT w FROM search_words_of(NEW.search_text) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- After a bulk load: the dashboard's counts and the words, from scratch.
CREATE OR REPLACE FUNCTION rebuild_register_aggregates() RETURNS void LANGUAGE sql AS $$
  DELETE FROM asset_counts;
  INSERT INTO asset_counts (month, condition, slot, n)
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, condition, (hashtext(id::text) & 3)::smallint, count(*)
  FROM assets GROUP BY 1, 2, 3;
  DELETE FROM action_counts;
  INSERT INTO action_counts (status, priority, slot, n)
  SELECT status, priority, (hashtext(id::text) & 3)::smallint, count(*) FROM actions GROUP BY 1, 2, 3;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT search_text FROM assets UNION ALL SELECT search_text FROM actions UNION ALL SELECT search_text FROM meters
  ) AS s, search_words_of(s.search_text) AS w
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
DROP FUNCTION rebuild_register_counts_and_words();
--> statement-breakpoint
DROP FUNCTION recount_asset_words();
--> statement-breakpoint
DROP FUNCTION recount_action_words();
--> statement-breakpoint
DROP FUNCTION rebuild_search_runs();
--> statement-breakpoint
DROP FUNCTION search_runs_of(text);
--> statement-breakpoint
DROP FUNCTION register_words(text);
--> statement-breakpoint
-- The index builds below read the whole register.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
-- ── The bigram index: terms too short for a trigram ─────────────────────────────────────────────
-- Every pair of neighbouring characters of a text, white space left out, distinct: a term of two
-- characters (`hp`, `60`, `b2`) occurs in a search_text exactly when this holds it, so an index on
-- it finds such terms as the trigram index finds longer ones (modules/search/README.md).
CREATE FUNCTION search_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT c || n), '{}') FROM (
    SELECT c, lead(c) OVER (ORDER BY o) AS n FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS x(c, o)
  ) AS pairs
  WHERE n IS NOT NULL AND c NOT IN (' ', E'\t', E'\n', E'\r') AND n NOT IN (' ', E'\t', E'\n', E'\r')
$$;
--> statement-breakpoint
DROP TABLE "action_search_runs" CASCADE;--> statement-breakpoint
DROP TABLE "action_word_counts" CASCADE;--> statement-breakpoint
DROP TABLE "asset_search_runs" CASCADE;--> statement-breakpoint
DROP TABLE "asset_word_counts" CASCADE;--> statement-breakpoint
DROP TABLE "meter_search_runs" CASCADE;--> statement-breakpoint
DROP TABLE "search_runs" CASCADE;--> statement-breakpoint
CREATE INDEX "actions_search_bigrams_idx" ON "actions" USING gin (search_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "assets_search_bigrams_idx" ON "assets" USING gin (search_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "meters_search_bigrams_idx" ON "meters" USING gin (search_bigrams("search_text"));--> statement-breakpoint
CREATE INDEX "meters_meter_number_id_idx" ON "meters" USING btree ("meter_number","id");
