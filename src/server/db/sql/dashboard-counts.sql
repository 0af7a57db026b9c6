-- ── Asset and action counts for the dashboard (ADR 009) ─────────────────────────────────────────
-- Kept by row triggers in the writer's own transaction, so the figures are exact. Each key is spread
-- over 4 slot rows (2 bits of the row id's hash) so concurrent creates rarely queue on one row.
-- Keys are written in sorted order in one statement, so two transactions moving assets between the
-- same two conditions in opposite directions lock the counter rows in the same order (no deadlock).
CREATE OR REPLACE FUNCTION asset_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

CREATE OR REPLACE FUNCTION action_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

-- TRUNCATE fires no row triggers; empty the counts with the table.
CREATE OR REPLACE FUNCTION register_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_TABLE_NAME = 'assets' THEN DELETE FROM asset_counts; ELSE DELETE FROM action_counts; END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_count_rows AFTER INSERT OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_count_changes AFTER UPDATE OF condition, created_at ON assets FOR EACH ROW WHEN (((old.condition IS DISTINCT FROM new.condition) OR (old.created_at IS DISTINCT FROM new.created_at))) EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_counts_truncated AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();

CREATE OR REPLACE TRIGGER actions_count_rows AFTER INSERT OR DELETE ON actions FOR EACH ROW EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_count_changes AFTER UPDATE OF status, priority ON actions FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.priority IS DISTINCT FROM new.priority))) EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_counts_truncated AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();
