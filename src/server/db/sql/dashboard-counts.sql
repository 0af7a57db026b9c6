-- ── Asset and action counts for the dashboard (ADR 009, ADR 024 "Areas") ──────────────────────
-- Kept by row triggers in the writer's own transaction, so the figures are exact: for the estate
-- (asset_counts, action_counts) and per location, where a location's rows count what lies there or
-- anywhere below it (location_asset_counts, location_action_counts: a row is added to the record's
-- location and to each of its ancestors, so an area's figures are the sum of its roots' rows).
-- Each key is spread over 4 slot rows (2 bits of the row id's hash) so concurrent creates rarely
-- queue on one row. Keys are written in sorted order, so two transactions moving records between
-- the same keys in opposite directions lock the counter rows in the same order (no deadlock). A
-- change whose deltas cancel (an edit that moves nothing counted) writes no row.
CREATE OR REPLACE FUNCTION asset_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  WITH changes AS (
    SELECT OLD.location_id AS location_id, date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date AS month,
           OLD.condition AS condition, (hashtext(OLD.id::text) & 3)::smallint AS slot, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.location_id, date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, NEW.condition, (hashtext(NEW.id::text) & 3)::smallint, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ), estate AS (
    INSERT INTO asset_counts AS c (month, condition, slot, n)
    SELECT month, condition, slot, sum(delta)::integer FROM changes
    GROUP BY month, condition, slot HAVING sum(delta) <> 0
    ORDER BY month, condition, slot
    ON CONFLICT (month, condition, slot) DO UPDATE SET n = c.n + EXCLUDED.n
  )
  INSERT INTO location_asset_counts AS c (location_id, month, condition, slot, n)
  SELECT place, month, condition, slot, sum(delta)::integer
  FROM changes JOIN locations AS l ON l.id = changes.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY place, month, condition, slot HAVING sum(delta) <> 0
  ORDER BY place, month, condition, slot
  ON CONFLICT (location_id, month, condition, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION action_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  WITH changes AS (
    SELECT OLD.location_id AS location_id, OLD.status AS status, OLD.priority AS priority,
           (hashtext(OLD.id::text) & 3)::smallint AS slot, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.location_id, NEW.status, NEW.priority, (hashtext(NEW.id::text) & 3)::smallint, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ), estate AS (
    INSERT INTO action_counts AS c (status, priority, slot, n)
    SELECT status, priority, slot, sum(delta)::integer FROM changes
    GROUP BY status, priority, slot HAVING sum(delta) <> 0
    ORDER BY status, priority, slot
    ON CONFLICT (status, priority, slot) DO UPDATE SET n = c.n + EXCLUDED.n
  )
  INSERT INTO location_action_counts AS c (location_id, status, priority, slot, n)
  SELECT place, status, priority, slot, sum(delta)::integer
  FROM changes JOIN locations AS l ON l.id = changes.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY place, status, priority, slot HAVING sum(delta) <> 0
  ORDER BY place, status, priority, slot
  ON CONFLICT (location_id, status, priority, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

-- TRUNCATE fires no row triggers; empty the counts with the table.
CREATE OR REPLACE FUNCTION register_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_TABLE_NAME = 'assets' THEN
    DELETE FROM asset_counts;
    DELETE FROM location_asset_counts;
  ELSE
    DELETE FROM action_counts;
    DELETE FROM location_action_counts;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_count_rows AFTER INSERT OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_count_changes AFTER UPDATE OF condition, created_at, location_id ON assets FOR EACH ROW WHEN (((old.condition IS DISTINCT FROM new.condition) OR (old.created_at IS DISTINCT FROM new.created_at) OR (old.location_id IS DISTINCT FROM new.location_id))) EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_counts_truncated AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();

CREATE OR REPLACE TRIGGER actions_count_rows AFTER INSERT OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION action_counts_track();

-- asset_id is listed because the copy of the asset's place (action-asset-code.sql) changes
-- location_id in a BEFORE trigger, which UPDATE OF does not see.
CREATE OR REPLACE TRIGGER actions_count_changes AFTER UPDATE OF status, priority, location_id, asset_id ON actions FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.priority IS DISTINCT FROM new.priority) OR (old.location_id IS DISTINCT FROM new.location_id))) EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_counts_truncated AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();
