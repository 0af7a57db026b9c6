ALTER TABLE "actions" ADD COLUMN "asset_code" text;--> statement-breakpoint
-- ── The linked asset's code on each action ─────────────────────────────────────────────────────────
-- Copied when an action is written, so a page of actions shows its assets' codes without a lookup per
-- row (51 index probes were 40 % of the action list's SQL). Also during a bulk load: the loader
-- leaves it to this trigger.
CREATE FUNCTION action_asset_code_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.asset_code := (SELECT a.asset_id FROM assets AS a WHERE a.id = NEW.asset_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER actions_asset_code_set BEFORE INSERT OR UPDATE OF asset_id, asset_code ON actions
  FOR EACH ROW EXECUTE FUNCTION action_asset_code_set();
--> statement-breakpoint
-- Asset codes come from a sequence and nothing in the app changes them; one changed in the database
-- is copied to its actions all the same.
CREATE FUNCTION asset_code_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE actions SET asset_code = NEW.asset_id WHERE asset_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_asset_code_copy AFTER UPDATE OF asset_id ON assets
  FOR EACH ROW WHEN (OLD.asset_id IS DISTINCT FROM NEW.asset_id) EXECUTE FUNCTION asset_code_copy();
--> statement-breakpoint
-- The copy is derived, like a path: an update that changes only it is nobody's edit of the action.
CREATE OR REPLACE FUNCTION audit_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  derived constant text[] := ARRAY['search_text', 'updated_at', 'location_path', 'path', 'ancestor_ids', 'last_reading', 'last_reading_date', 'asset_code'];
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
    -- When an asset's deletion cascades, its assessments are gone before their defects: the asset
    -- is then the one the assessment's own audit rows name.
    WHEN 'defects' THEN coalesce(
      (SELECT a.asset_id FROM assessments a WHERE a.id = (row_data ->> 'assessment_id')::uuid),
      (SELECT l.asset_id FROM audit_log l WHERE l.entity_id = (row_data ->> 'assessment_id')::uuid AND l.entity = 'assessments'
       ORDER BY l.id DESC LIMIT 1))
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
-- Existing actions: every row rewritten once, with its other triggers (audit, counts, search) off.
-- ~4 s for 50,000 actions; a larger register may need longer than the 10 s statement timeout.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
ALTER TABLE actions DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE actions AS x SET asset_code = a.asset_id FROM assets AS a WHERE a.id = x.asset_id;
--> statement-breakpoint
ALTER TABLE actions ENABLE TRIGGER USER;
