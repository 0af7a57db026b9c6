CREATE TABLE "action_counts" (
	"status" "action_status" NOT NULL,
	"priority" "action_priority" NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "action_counts_status_priority_slot_pk" PRIMARY KEY("status","priority","slot")
);
--> statement-breakpoint
CREATE TABLE "asset_counts" (
	"month" date NOT NULL,
	"condition" "asset_condition" NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "asset_counts_month_condition_slot_pk" PRIMARY KEY("month","condition","slot")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"asset_id" uuid,
	"operation" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_operation_valid" CHECK ("audit_log"."operation" IN ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_asset_id_id_idx" ON "audit_log" USING btree ("asset_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- ── Shared helpers ──────────────────────────────────────────────────────────────────────────────
-- A bulk load (npm run seed:large) sets app.bulk_load = 'on' for its transaction: the triggers below
-- then do nothing, and the loader calls rebuild_register_aggregates() once at the end.
CREATE FUNCTION register_bulk_load() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.bulk_load', true), '') = 'on'
$$;
--> statement-breakpoint
-- The words of a search text worth offering as spelling corrections: letters only, 3 to 40 long.
CREATE FUNCTION register_words(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(t, '[[:space:][:punct:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
$$;
--> statement-breakpoint
-- ── Asset and action counts for the dashboard ───────────────────────────────────────────────────
-- Keys are written in sorted order in one statement, so two transactions moving assets between the
-- same two conditions in opposite directions lock the counter rows in the same order (no deadlock).
CREATE FUNCTION asset_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO asset_counts AS c (month, condition, slot, n)
  SELECT month, condition, slot, sum(delta)::integer FROM (
    SELECT date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date AS month, OLD.condition AS condition,
           (hashtext(OLD.id::text) & 3)::smallint AS slot, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, NEW.condition, (hashtext(NEW.id::text) & 3)::smallint, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ) AS changes
  GROUP BY month, condition, slot
  ORDER BY month, condition, slot
  ON CONFLICT (month, condition, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_count_rows AFTER INSERT OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION asset_counts_track();
--> statement-breakpoint
CREATE TRIGGER assets_count_changes AFTER UPDATE OF condition, created_at ON assets
  FOR EACH ROW WHEN (OLD.condition IS DISTINCT FROM NEW.condition OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION asset_counts_track();
--> statement-breakpoint
CREATE FUNCTION action_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO action_counts AS c (status, priority, slot, n)
  SELECT status, priority, slot, sum(delta)::integer FROM (
    SELECT OLD.status AS status, OLD.priority AS priority, (hashtext(OLD.id::text) & 3)::smallint AS slot, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.status, NEW.priority, (hashtext(NEW.id::text) & 3)::smallint, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ) AS changes
  GROUP BY status, priority, slot
  ORDER BY status, priority, slot
  ON CONFLICT (status, priority, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER actions_count_rows AFTER INSERT OR DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION action_counts_track();
--> statement-breakpoint
CREATE TRIGGER actions_count_changes AFTER UPDATE OF status, priority ON actions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.priority IS DISTINCT FROM NEW.priority)
  EXECUTE FUNCTION action_counts_track();
--> statement-breakpoint
-- TRUNCATE fires no row triggers; empty the counts with the table.
CREATE FUNCTION register_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'assets' THEN DELETE FROM asset_counts; ELSE DELETE FROM action_counts; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_counts_truncated AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER actions_counts_truncated AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();
--> statement-breakpoint
-- ── Words for spelling correction in global search ──────────────────────────────────────────────
-- Words are inserted in sorted order so concurrent writers adding the same new words take them in the
-- same order. A word stays after the last record using it is gone: a correction to it then finds nothing.
CREATE FUNCTION search_words_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO search_words (word)
  SELECT w FROM register_words(NEW.search_text) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_search_words AFTER INSERT ON assets FOR EACH ROW EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER assets_search_words_changed AFTER UPDATE ON assets
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER actions_search_words AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER actions_search_words_changed AFTER UPDATE ON actions
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER meters_search_words AFTER INSERT ON meters FOR EACH ROW EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
CREATE TRIGGER meters_search_words_changed AFTER UPDATE ON meters
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_words_track();
--> statement-breakpoint
-- ── Audit trail ─────────────────────────────────────────────────────────────────────────────────
-- One row per created, updated or deleted record. Updates keep only the fields that changed, and
-- an update that changes only derived fields (paths rewritten after a rename, the meter's latest
-- reading, updated_at) is not a change anyone made to that record, so it is not logged.
CREATE FUNCTION audit_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  derived constant text[] := ARRAY['search_text', 'updated_at', 'location_path', 'path', 'ancestor_ids', 'last_reading', 'last_reading_date'];
  old_row jsonb;
  new_row jsonb;
  before_values jsonb;
  after_values jsonb;
  row_data jsonb;
  subject_asset uuid;
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - 'search_text'; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - 'search_text'; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO before_values, after_values
      FROM jsonb_each(old_row) AS o
      WHERE NOT (o.key = ANY (derived)) AND (new_row -> o.key) IS DISTINCT FROM o.value;
    IF before_values IS NULL THEN RETURN NULL; END IF;
  ELSE
    before_values := old_row;
    after_values := new_row;
  END IF;
  row_data := coalesce(new_row, old_row);
  subject_asset := CASE TG_TABLE_NAME
    WHEN 'assets' THEN (row_data ->> 'id')::uuid
    WHEN 'defects' THEN (SELECT a.asset_id FROM assessments a WHERE a.id = (row_data ->> 'assessment_id')::uuid)
    WHEN 'assessments' THEN (row_data ->> 'asset_id')::uuid
    WHEN 'actions' THEN (row_data ->> 'asset_id')::uuid
    WHEN 'media' THEN (row_data ->> 'asset_id')::uuid
    ELSE NULL
  END;
  INSERT INTO audit_log (actor_id, entity, entity_id, asset_id, operation, before, after)
  VALUES (
    nullif(current_setting('app.actor_id', true), '')::uuid,
    TG_TABLE_NAME,
    (row_data ->> 'id')::uuid,
    subject_asset,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before_values,
    after_values
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_audit AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER assets_audit AFTER INSERT OR UPDATE OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER assessments_audit AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER defects_audit AFTER INSERT OR UPDATE OR DELETE ON defects FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER actions_audit AFTER INSERT OR UPDATE OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER media_audit AFTER INSERT OR UPDATE OR DELETE ON media FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER meters_audit AFTER INSERT OR UPDATE OR DELETE ON meters FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
CREATE TRIGGER meter_readings_audit AFTER INSERT OR UPDATE OR DELETE ON meter_readings FOR EACH ROW EXECUTE FUNCTION audit_record_change();
--> statement-breakpoint
-- The history is append-only: no one edits or removes what happened.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- ── Rebuild after a bulk load (and now, for data that predates this migration) ──────────────────
CREATE FUNCTION rebuild_register_aggregates() RETURNS void LANGUAGE sql AS $$
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
  ) AS s, register_words(s.search_text) AS w
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
SELECT rebuild_register_aggregates();
