-- ── Compliance counts per location, regime and status (ADR 025) ─────────────────────────────────
-- Kept in the writer's transaction, like the dashboard's (dashboard-counts.sql): an obligation is
-- counted at its location and at every ancestor, so a subtree's figures are its root's rows and a
-- matrix of sites × regimes reads one row per cell. Keys are written in sorted order (no deadlock
-- between two writers moving obligations between the same keys); a change whose deltas cancel
-- writes nothing.
-- The triggers run once per statement over its transition tables, as the dashboard's do: an
-- import's chunk of obligations and the update that dates them write each counter row once, where a
-- row trigger wrote the estate's rows once per obligation in one long transaction. The arrays carry
-- each changed obligation's counted fields, its id and its delta (-1 for what it was, +1 for what it
-- is). Each key is spread over 4 slots (2 bits of the obligation id's hash), as the dashboard's
-- counts are: every inspection of a regime moves the estate root's row for it, and concurrent
-- recordings queued on that one row until each committed. Only a key's sum over its slots counts.
CREATE OR REPLACE FUNCTION compliance_counts_add(location_ids uuid[], regime_ids uuid[], statuses text[], ids uuid[], deltas integer[]) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO location_compliance_counts AS c (location_id, regime_id, status, slot, n)
  SELECT place, regime_id, status::obligation_status, (hashtext(changes.id::text) & 3)::smallint AS slot, sum(delta)::integer
  FROM unnest(location_ids, regime_ids, statuses, ids, deltas) AS changes(location_id, regime_id, status, id, delta)
  JOIN locations AS l ON l.id = changes.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY place, regime_id, status, slot HAVING sum(delta) <> 0
  ORDER BY place, regime_id, status, slot
  ON CONFLICT (location_id, regime_id, status, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

CREATE OR REPLACE FUNCTION compliance_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  location_ids uuid[];
  regime_ids uuid[];
  statuses text[];
  ids uuid[];
  deltas integer[];
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(location_id), array_agg(regime_id), array_agg(status::text), array_agg(id), array_agg(1)
      INTO location_ids, regime_ids, statuses, ids, deltas FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(location_id), array_agg(regime_id), array_agg(status::text), array_agg(id), array_agg(-1)
      INTO location_ids, regime_ids, statuses, ids, deltas FROM old_rows;
  ELSE
    SELECT array_agg(r.location_id), array_agg(r.regime_id), array_agg(r.status::text), array_agg(r.id), array_agg(r.delta)
      INTO location_ids, regime_ids, statuses, ids, deltas
    FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
      LATERAL (VALUES (o.location_id, o.regime_id, o.status, o.id, -1), (n.location_id, n.regime_id, n.status, n.id, 1)) AS r(location_id, regime_id, status, id, delta)
    WHERE (o.location_id, o.regime_id, o.status) IS DISTINCT FROM (n.location_id, n.regime_id, n.status);
  END IF;
  -- An update that moves nothing counted (an inspection that keeps an obligation compliant dates
  -- it again) skips compliance_counts_add (its statement is planned per call).
  IF location_ids IS NOT NULL THEN
    PERFORM compliance_counts_add(location_ids, regime_ids, statuses, ids, deltas);
  END IF;
  RETURN NULL;
END
$$;

-- From scratch: after a bulk load, and once by the migration that added them. Each key in slot 0
-- (the column's default): migration 0008 calls this before the slots existed.
CREATE OR REPLACE FUNCTION rebuild_compliance_counts() RETURNS void
    LANGUAGE sql
    AS $$
  DELETE FROM location_compliance_counts;
  INSERT INTO location_compliance_counts (location_id, regime_id, status, n)
  SELECT place, o.regime_id, o.status, count(*)
  FROM obligations AS o JOIN locations AS l ON l.id = o.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY 1, 2, 3;
$$;

-- TRUNCATE fires no row triggers; empty the counts with the table.
CREATE OR REPLACE FUNCTION compliance_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM location_compliance_counts;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER obligations_counts_inserted AFTER INSERT ON obligations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_counts_track();

CREATE OR REPLACE TRIGGER obligations_counts_updated AFTER UPDATE ON obligations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_counts_track();

CREATE OR REPLACE TRIGGER obligations_counts_deleted AFTER DELETE ON obligations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_counts_track();

CREATE OR REPLACE TRIGGER obligations_counts_truncated AFTER TRUNCATE ON obligations FOR EACH STATEMENT EXECUTE FUNCTION compliance_counts_truncated();
