CREATE TABLE "asset_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"assets" integer NOT NULL
);
--> statement-breakpoint
-- Replaces every count in one transaction: readers see the old counts until it commits. Several
-- servers may share the database; one recount at a time runs, the others skip (false). The counts
-- only steer the asset list's plan, so up to 20,000 assets are read (a random sample beyond that,
-- scaled up): splitting search_text into words costs ~65 µs per asset, 6.6 s for all of 100,000,
-- ~1.3 s for the sample at any size.
CREATE FUNCTION recount_asset_words() RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  percent float8;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('recount_asset_words')) THEN RETURN false; END IF;
  percent := least(100, 100 * 20000 / greatest((SELECT count(*) FROM assets), 1)::float8);
  DELETE FROM asset_word_counts;
  INSERT INTO asset_word_counts (word, assets)
  SELECT w, round(count(*) * 100 / percent)::integer
  FROM assets TABLESAMPLE BERNOULLI (percent), register_words(assets.search_text) AS w
  GROUP BY w;
  RETURN true;
END
$$;
--> statement-breakpoint
-- A bulk load ends with rebuild_register_aggregates(): it now recounts the words too. The counts
-- and words it rebuilt until now keep their function under a new name, which it calls first.
ALTER FUNCTION rebuild_register_aggregates() RENAME TO rebuild_register_counts_and_words;
--> statement-breakpoint
CREATE FUNCTION rebuild_register_aggregates() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_register_counts_and_words();
  SELECT recount_asset_words();
$$;
--> statement-breakpoint
SELECT recount_asset_words();
