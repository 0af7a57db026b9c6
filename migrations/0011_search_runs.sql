CREATE TABLE "action_search_runs" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"id" uuid NOT NULL,
	CONSTRAINT "action_search_runs_word_created_at_id_pk" PRIMARY KEY("word","created_at","id")
);
--> statement-breakpoint
CREATE TABLE "asset_search_runs" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"id" uuid NOT NULL,
	CONSTRAINT "asset_search_runs_word_created_at_id_pk" PRIMARY KEY("word","created_at","id")
);
--> statement-breakpoint
CREATE TABLE "meter_search_runs" (
	"word" text NOT NULL,
	"meter_number" text NOT NULL,
	"id" uuid NOT NULL,
	CONSTRAINT "meter_search_runs_word_meter_number_id_pk" PRIMARY KEY("word","meter_number","id")
);
--> statement-breakpoint
CREATE TABLE "search_runs" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_runs_word_trgm_idx" ON "search_runs" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- ── Letter runs for the global search (ADR 016) ─────────────────────────────────────────────────
-- The runs of 3+ letters a–z in a search text, sorted and distinct. A run over 80 letters is kept as
-- 80-letter pieces starting every 40 letters, so any 40 letters of it lie within one piece. A query
-- of 3–40 letters a–z occurs in a text exactly when it occurs in one of its runs: the letters around
-- an occurrence belong to the same run.
CREATE FUNCTION search_runs_of(t text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(r, 1 + 40 * i, 80) ORDER BY substr(r, 1 + 40 * i, 80)), '{}')
  FROM regexp_split_to_table(t, '[^a-z]+') AS r,
       generate_series(0, greatest(0, (length(r) - 41) / 40)) AS i
  WHERE length(r) >= 3
$$;
--> statement-breakpoint
-- Kept in the transaction of each write. New runs go into search_runs in sorted order, so concurrent
-- writers adding the same new runs take them in the same order (no deadlock).
CREATE FUNCTION asset_search_runs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  runs text[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM asset_search_runs
    WHERE word = ANY (search_runs_of(OLD.search_text)) AND created_at = OLD.created_at AND id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    runs := search_runs_of(NEW.search_text);
    INSERT INTO search_runs (word) SELECT unnest(runs) ON CONFLICT DO NOTHING;
    INSERT INTO asset_search_runs (word, created_at, id) SELECT unnest(runs), NEW.created_at, NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION action_search_runs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  runs text[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM action_search_runs
    WHERE word = ANY (search_runs_of(OLD.search_text)) AND created_at = OLD.created_at AND id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    runs := search_runs_of(NEW.search_text);
    INSERT INTO search_runs (word) SELECT unnest(runs) ON CONFLICT DO NOTHING;
    INSERT INTO action_search_runs (word, created_at, id) SELECT unnest(runs), NEW.created_at, NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION meter_search_runs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  runs text[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM meter_search_runs
    WHERE word = ANY (search_runs_of(OLD.search_text)) AND meter_number = OLD.meter_number AND id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    runs := search_runs_of(NEW.search_text);
    INSERT INTO search_runs (word) SELECT unnest(runs) ON CONFLICT DO NOTHING;
    INSERT INTO meter_search_runs (word, meter_number, id) SELECT unnest(runs), NEW.meter_number, NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_search_runs AFTER INSERT OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION asset_search_runs_track();
--> statement-breakpoint
CREATE TRIGGER assets_search_runs_changed AFTER UPDATE ON assets FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION asset_search_runs_track();
--> statement-breakpoint
CREATE TRIGGER actions_search_runs AFTER INSERT OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION action_search_runs_track();
--> statement-breakpoint
CREATE TRIGGER actions_search_runs_changed AFTER UPDATE ON actions FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION action_search_runs_track();
--> statement-breakpoint
CREATE TRIGGER meters_search_runs AFTER INSERT OR DELETE ON meters FOR EACH ROW EXECUTE FUNCTION meter_search_runs_track();
--> statement-breakpoint
CREATE TRIGGER meters_search_runs_changed AFTER UPDATE ON meters FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION meter_search_runs_track();
--> statement-breakpoint
-- TRUNCATE fires no row triggers; empty the runs with the table.
CREATE FUNCTION search_runs_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'assets' THEN TRUNCATE asset_search_runs;
    WHEN 'actions' THEN TRUNCATE action_search_runs;
    ELSE TRUNCATE meter_search_runs;
  END CASE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_search_runs_truncated AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION search_runs_truncated();
--> statement-breakpoint
CREATE TRIGGER actions_search_runs_truncated AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION search_runs_truncated();
--> statement-breakpoint
CREATE TRIGGER meters_search_runs_truncated AFTER TRUNCATE ON meters FOR EACH STATEMENT EXECUTE FUNCTION search_runs_truncated();
--> statement-breakpoint
-- Every run of every asset, action and meter, from scratch: after a bulk load (whose writes skip the
-- triggers) and now, for the records that predate this migration. The runs are split as
-- search_runs_of() splits them, set-based: calling it per row took twice as long (over 10 s for
-- 100,000 assets; the few meters keep the call). A test holds the two to the same answer. Rows go in
-- in key order, which keeps the index compact (246 MB with its table instead of 280).
CREATE FUNCTION rebuild_search_runs() RETURNS void LANGUAGE sql AS $$
  TRUNCATE asset_search_runs, action_search_runs, meter_search_runs;
  INSERT INTO asset_search_runs (word, created_at, id)
  SELECT DISTINCT substr(r, 1 + 40 * i, 80), a.created_at, a.id
  FROM assets AS a, regexp_split_to_table(a.search_text, '[^a-z]+') AS r,
       generate_series(0, greatest(0, (length(r) - 41) / 40)) AS i
  WHERE length(r) >= 3
  ORDER BY 1, 2, 3;
  INSERT INTO action_search_runs (word, created_at, id)
  SELECT DISTINCT substr(r, 1 + 40 * i, 80), a.created_at, a.id
  FROM actions AS a, regexp_split_to_table(a.search_text, '[^a-z]+') AS r,
       generate_series(0, greatest(0, (length(r) - 41) / 40)) AS i
  WHERE length(r) >= 3
  ORDER BY 1, 2, 3;
  INSERT INTO meter_search_runs (word, meter_number, id)
  SELECT unnest(search_runs_of(search_text)), meter_number, id FROM meters;
  INSERT INTO search_runs (word)
  SELECT word FROM asset_search_runs UNION SELECT word FROM action_search_runs UNION SELECT word FROM meter_search_runs
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_register_aggregates() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_register_counts_and_words();
  SELECT recount_asset_words();
  SELECT recount_action_words();
  SELECT rebuild_search_runs();
$$;
--> statement-breakpoint
-- Migrations share the app's 10 s statement timeout; this one reads the whole register once.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
SELECT rebuild_search_runs();
