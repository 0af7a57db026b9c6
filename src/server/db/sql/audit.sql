-- ── Audit trail ─────────────────────────────────────────────────────────────────────────────────
-- One row per created, updated or deleted record, written by these triggers in the writer's own
-- transaction. Updates keep only the fields that changed, and an update that changes only derived
-- fields (paths rewritten after a rename, the meter's latest reading, an action's copy of its
-- asset's code, updated_at) is not a change anyone made to that record, so it is not logged.
-- Audit rows are written as the owner (SECURITY DEFINER), so the app's role needs and has no INSERT
-- on audit_log: it cannot write a history of its own invention (ADR 019). A fixed search_path, as
-- every SECURITY DEFINER function needs, so no object of the caller's can stand in for ours.
-- Defects deleted with their asset keep the asset: the cascade removes the assessment first, so the
-- asset is the one the assessment's own audit rows name.
-- The administrative tables (users, invites, the settings row; admin-audit.sql) use it too. Secrets
-- never reach the trail: password and token hashes are dropped, so a password change shows only as a
-- new password_changed_at; a sign-in (last_sign_in_at) and the settings' version counter are not
-- changes anyone made. The settings row's id is 1, not a uuid: its entries carry the nil uuid.
-- An obligation's dates and status follow from its inspections (logged themselves) and the calendar
-- (ADR 025): those columns are derived too, as is an action's copy of its asset's place. An
-- inspection's asset is its obligation's. A spreadsheet import's commit names itself in
-- app.import_id for its transaction (ADR 029): its rows say "imported".
CREATE OR REPLACE FUNCTION audit_record_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
DECLARE
  derived text[] := ARRAY['search_text', 'updated_at', 'location_path', 'path', 'ancestor_ids', 'place_ids', 'last_reading', 'last_reading_date', 'asset_code', 'last_sign_in_at', 'version'];
  old_row jsonb;
  new_row jsonb;
  before_values jsonb;
  after_values jsonb;
  row_data jsonb;
  subject_asset uuid;
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - 'search_text' - 'password_hash' - 'token_hash'; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - 'search_text' - 'password_hash' - 'token_hash'; END IF;
  IF TG_TABLE_NAME = 'actions' THEN
    derived := derived || ARRAY['location_id'];
  ELSIF TG_TABLE_NAME = 'obligations' THEN
    derived := derived || ARRAY['status', 'status_changes_on', 'next_due_on', 'last_completed_on', 'last_result', 'last_inspection_id', 'last_certificate_number', 'certificate_expires_on', 'remedial_action_open'];
  END IF;
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
    WHEN 'obligations' THEN (row_data ->> 'asset_id')::uuid
    WHEN 'inspections' THEN (SELECT o.asset_id FROM obligations o WHERE o.id = (row_data ->> 'obligation_id')::uuid)
    ELSE NULL
  END;
  INSERT INTO audit_log (actor_id, entity, entity_id, asset_id, operation, before, after, import_id)
  VALUES (
    nullif(current_setting('app.actor_id', true), '')::uuid,
    TG_TABLE_NAME,
    CASE TG_TABLE_NAME WHEN 'organisation_settings' THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE (row_data ->> 'id')::uuid END,
    subject_asset,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before_values,
    after_values,
    nullif(current_setting('app.import_id', true), '')::uuid
  );
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER locations_audit AFTER INSERT OR DELETE OR UPDATE ON locations FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER assets_audit AFTER INSERT OR DELETE OR UPDATE ON assets FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER assessments_audit AFTER INSERT OR DELETE OR UPDATE ON assessments FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER defects_audit AFTER INSERT OR DELETE OR UPDATE ON defects FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER actions_audit AFTER INSERT OR DELETE OR UPDATE ON actions FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER media_audit AFTER INSERT OR DELETE OR UPDATE ON media FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER meters_audit AFTER INSERT OR DELETE OR UPDATE ON meters FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER meter_readings_audit AFTER INSERT OR DELETE OR UPDATE ON meter_readings FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER obligations_audit AFTER INSERT OR DELETE OR UPDATE ON obligations FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER inspections_audit AFTER INSERT OR DELETE OR UPDATE ON inspections FOR EACH ROW EXECUTE FUNCTION audit_record_change();

-- The history is append-only: no one edits or removes what happened.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE OR TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
