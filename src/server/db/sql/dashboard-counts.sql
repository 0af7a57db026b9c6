-- ── Asset and action counts for the dashboard (ADR 009, ADR 024 "Areas") ──────────────────────
-- Kept by triggers in the writer's own transaction, so the figures are exact: for the estate
-- (asset_counts, action_counts) and per location, where a location's rows count what lies there or
-- anywhere below it (location_asset_counts, location_action_counts: a row is added to the record's
-- location and to each of its ancestors, so an area's figures are the sum of its roots' rows).
-- Each key is spread over 4 slot rows (2 bits of the row id's hash) so concurrent creates rarely
-- queue on one row. Keys are written in sorted order, so two transactions moving records between
-- the same keys in opposite directions lock the counter rows in the same order (no deadlock). A
-- change whose deltas cancel (an edit that moves nothing counted) writes no row.
-- The triggers run once per statement, over its transition tables: a statement writing many records
-- (an import's 500-row insert) writes each counter row once. Once per record, a long transaction
-- left thousands of versions of the same counter rows, each write walking past all the earlier
-- ones. A trigger with transition tables takes one event, so each table has three; an update counts
-- only the records whose counted fields changed. The arrays carry each record's counted fields and
-- its delta (-1 for what it was, +1 for what it is).
CREATE OR REPLACE FUNCTION asset_counts_add(location_ids uuid[], created_ats timestamp with time zone[], conditions text[], ids uuid[], deltas integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  WITH changes AS (
    SELECT location_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, condition::asset_condition AS condition,
           (hashtext(id::text) & 3)::smallint AS slot, delta
    FROM unnest(location_ids, created_ats, conditions, ids, deltas) AS r(location_id, created_at, condition, id, delta)
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
$$;

CREATE OR REPLACE FUNCTION asset_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  location_ids uuid[];
  created_ats timestamp with time zone[];
  conditions text[];
  ids uuid[];
  deltas integer[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(location_id), array_agg(created_at), array_agg(condition::text), array_agg(id), array_agg(1)
      INTO location_ids, created_ats, conditions, ids, deltas FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(location_id), array_agg(created_at), array_agg(condition::text), array_agg(id), array_agg(-1)
      INTO location_ids, created_ats, conditions, ids, deltas FROM old_rows;
  ELSE
    SELECT array_agg(r.location_id), array_agg(r.created_at), array_agg(r.condition::text), array_agg(r.id), array_agg(r.delta)
      INTO location_ids, created_ats, conditions, ids, deltas
    FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
      LATERAL (VALUES (o.location_id, o.created_at, o.condition, o.id, -1), (n.location_id, n.created_at, n.condition, n.id, 1)) AS r(location_id, created_at, condition, id, delta)
    WHERE (o.location_id, o.created_at, o.condition) IS DISTINCT FROM (n.location_id, n.created_at, n.condition);
  END IF;
  -- An edit that moves nothing counted skips asset_counts_add (its statements are planned per call).
  IF location_ids IS NOT NULL THEN
    PERFORM asset_counts_add(location_ids, created_ats, conditions, ids, deltas);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION action_counts_add(location_ids uuid[], statuses text[], priorities text[], ids uuid[], deltas integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  WITH changes AS (
    SELECT location_id, status::action_status AS status, priority::action_priority AS priority, (hashtext(id::text) & 3)::smallint AS slot, delta
    FROM unnest(location_ids, statuses, priorities, ids, deltas) AS r(location_id, status, priority, id, delta)
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
$$;

-- Whether an action's work is still to do: OPEN_ACTION_STATUSES (shared/domain/actions.ts), which
-- database-code.test.ts holds this to, status by status. Text, not the enum: functions are
-- created before the migrations, so before the enum on a new database.
CREATE OR REPLACE FUNCTION action_is_open(status text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT status IN ('open', 'in_progress', 'waiting')
$$;

-- Actions still to do per location and target date (location_action_due_counts), for an area's
-- overdue count: the sum of its roots' rows dated before today. No slots: a key is one date.
CREATE OR REPLACE FUNCTION action_due_counts_add(location_ids uuid[], target_dates text[], deltas integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO location_action_due_counts AS c (location_id, target_date, n)
  SELECT place, changes.target_date, sum(changes.delta)::integer
  FROM unnest(location_ids, target_dates, deltas) AS changes(location_id, target_date, delta)
  JOIN locations AS l ON l.id = changes.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY place, changes.target_date HAVING sum(changes.delta) <> 0
  ORDER BY place, changes.target_date
  ON CONFLICT (location_id, target_date) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

-- An action's location is a copy of its asset's place, set by a BEFORE trigger
-- (action-asset-code.sql): the update's new rows have it.
CREATE OR REPLACE FUNCTION action_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  location_ids uuid[];
  statuses text[];
  priorities text[];
  ids uuid[];
  deltas integer[];
  due_location_ids uuid[];
  due_dates text[];
  due_deltas integer[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(location_id), array_agg(status::text), array_agg(priority::text), array_agg(id), array_agg(1)
      INTO location_ids, statuses, priorities, ids, deltas FROM new_rows;
    SELECT array_agg(location_id), array_agg(target_date), array_agg(1)
      INTO due_location_ids, due_dates, due_deltas FROM new_rows WHERE action_is_open(status::text) AND target_date IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(location_id), array_agg(status::text), array_agg(priority::text), array_agg(id), array_agg(-1)
      INTO location_ids, statuses, priorities, ids, deltas FROM old_rows;
    SELECT array_agg(location_id), array_agg(target_date), array_agg(-1)
      INTO due_location_ids, due_dates, due_deltas FROM old_rows WHERE action_is_open(status::text) AND target_date IS NOT NULL;
  ELSE
    SELECT array_agg(r.location_id), array_agg(r.status::text), array_agg(r.priority::text), array_agg(r.id), array_agg(r.delta)
      INTO location_ids, statuses, priorities, ids, deltas
    FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
      LATERAL (VALUES (o.location_id, o.status, o.priority, o.id, -1), (n.location_id, n.status, n.priority, n.id, 1)) AS r(location_id, status, priority, id, delta)
    WHERE (o.location_id, o.status, o.priority) IS DISTINCT FROM (n.location_id, n.status, n.priority);
    SELECT array_agg(r.location_id), array_agg(r.target_date), array_agg(r.delta)
      INTO due_location_ids, due_dates, due_deltas
    FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
      LATERAL (VALUES (o.location_id, o.target_date, o.status, -1), (n.location_id, n.target_date, n.status, 1)) AS r(location_id, target_date, status, delta)
    WHERE (o.location_id, o.target_date, action_is_open(o.status::text)) IS DISTINCT FROM (n.location_id, n.target_date, action_is_open(n.status::text))
      AND action_is_open(r.status::text) AND r.target_date IS NOT NULL;
  END IF;
  -- An edit that moves nothing counted skips the adds (their statements are planned per call).
  IF location_ids IS NOT NULL THEN
    PERFORM action_counts_add(location_ids, statuses, priorities, ids, deltas);
  END IF;
  IF due_location_ids IS NOT NULL THEN
    PERFORM action_due_counts_add(due_location_ids, due_dates, due_deltas);
  END IF;
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
    DELETE FROM location_action_due_counts;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_counts_inserted AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_counts_updated AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_counts_deleted AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counts_track();

CREATE OR REPLACE TRIGGER assets_counts_truncated AFTER TRUNCATE ON assets FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();

CREATE OR REPLACE TRIGGER actions_counts_inserted AFTER INSERT ON actions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_counts_updated AFTER UPDATE ON actions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_counts_deleted AFTER DELETE ON actions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION action_counts_track();

CREATE OR REPLACE TRIGGER actions_counts_truncated AFTER TRUNCATE ON actions FOR EACH STATEMENT EXECUTE FUNCTION register_counts_truncated();
