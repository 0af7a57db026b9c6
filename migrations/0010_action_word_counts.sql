CREATE TABLE "action_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"actions" integer NOT NULL
);
--> statement-breakpoint
-- As recount_asset_words() (migration 0009), for the actions: the global search bounds how many
-- actions can match a word with these counts and chooses its plan for the action list from them.
CREATE FUNCTION recount_action_words() RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  percent float8;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('recount_action_words')) THEN RETURN false; END IF;
  percent := least(100, 100 * 20000 / greatest((SELECT count(*) FROM actions), 1)::float8);
  DELETE FROM action_word_counts;
  INSERT INTO action_word_counts (word, actions)
  SELECT w, round(count(*) * 100 / percent)::integer
  FROM actions TABLESAMPLE BERNOULLI (percent), register_words(actions.search_text) AS w
  GROUP BY w;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_register_aggregates() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_register_counts_and_words();
  SELECT recount_asset_words();
  SELECT recount_action_words();
$$;
--> statement-breakpoint
SELECT recount_action_words();
