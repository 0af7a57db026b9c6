-- ── Administrative changes ──────────────────────────────────────────────────────────────────────
-- Users (sign-ups, roles, statuses, password changes), invites and the organisation's settings go
-- into the same append-only audit_log as the register's records, written by these triggers as the
-- owner (the app's role cannot insert audit rows, ADR 019). Secrets never reach it: the password hash
-- and token hashes are dropped, so a password change shows only as a new password_changed_at.
-- A sign-in updates last_sign_in_at and the settings' version counter moves with every change; neither
-- is a change anyone made, so an update that touches only those is not logged.
CREATE OR REPLACE FUNCTION audit_admin_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
DECLARE
  ignored constant text[] := ARRAY['last_sign_in_at', 'version', 'updated_at'];
  old_row jsonb;
  new_row jsonb;
  before_values jsonb;
  after_values jsonb;
  row_id uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - 'password_hash' - 'token_hash'; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - 'password_hash' - 'token_hash'; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO before_values, after_values
      FROM jsonb_each(old_row) AS o
      WHERE NOT (o.key = ANY (ignored)) AND (new_row -> o.key) IS DISTINCT FROM o.value;
    IF before_values IS NULL THEN RETURN NULL; END IF;
  ELSE
    before_values := old_row - ignored;
    after_values := new_row - ignored;
  END IF;
  -- The settings row's id is 1, not a uuid: its entries carry the nil uuid.
  row_id := CASE TG_TABLE_NAME WHEN 'organisation_settings' THEN '00000000-0000-0000-0000-000000000000'::uuid
    ELSE (coalesce(new_row, old_row) ->> 'id')::uuid END;
  INSERT INTO audit_log (actor_id, entity, entity_id, asset_id, operation, before, after)
  VALUES (
    nullif(current_setting('app.actor_id', true), '')::uuid,
    TG_TABLE_NAME,
    row_id,
    NULL,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before_values,
    after_values
  );
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_admin_changes AFTER INSERT OR DELETE OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit_admin_change();

CREATE OR REPLACE TRIGGER invites_admin_changes AFTER INSERT OR DELETE OR UPDATE ON invites FOR EACH ROW EXECUTE FUNCTION audit_admin_change();

CREATE OR REPLACE TRIGGER organisation_settings_admin_changes AFTER INSERT OR DELETE OR UPDATE ON organisation_settings FOR EACH ROW EXECUTE FUNCTION audit_admin_change();
