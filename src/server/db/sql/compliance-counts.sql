-- ── Compliance counts per location, regime and status (ADR 025) ─────────────────────────────────
-- Kept in the writer's transaction, like the dashboard's (dashboard-counts.sql): an obligation is
-- counted at its location and at every ancestor, so a subtree's figures are its root's rows and a
-- matrix of sites × regimes reads one row per cell. Keys are written in sorted order (no deadlock
-- between two writers moving obligations between the same keys); a change whose deltas cancel
-- writes nothing.
CREATE OR REPLACE FUNCTION compliance_counts_track() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF register_bulk_load() THEN RETURN NULL; END IF;
  INSERT INTO location_compliance_counts AS c (location_id, regime_id, status, n)
  SELECT place, regime_id, status, sum(delta)::integer
  FROM (
    SELECT OLD.location_id AS location_id, OLD.regime_id AS regime_id, OLD.status AS status, -1 AS delta
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.location_id, NEW.regime_id, NEW.status, 1
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ) AS changes
  JOIN locations AS l ON l.id = changes.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY place, regime_id, status HAVING sum(delta) <> 0
  ORDER BY place, regime_id, status
  ON CONFLICT (location_id, regime_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

-- From scratch: after a bulk load, and once by the migration that added them.
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

CREATE OR REPLACE TRIGGER obligations_count_rows AFTER INSERT OR DELETE ON obligations FOR EACH ROW EXECUTE FUNCTION compliance_counts_track();

CREATE OR REPLACE TRIGGER obligations_count_changes AFTER UPDATE OF status, location_id, regime_id ON obligations FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.location_id IS DISTINCT FROM new.location_id) OR (old.regime_id IS DISTINCT FROM new.regime_id))) EXECUTE FUNCTION compliance_counts_track();

CREATE OR REPLACE TRIGGER obligations_counts_truncated AFTER TRUNCATE ON obligations FOR EACH STATEMENT EXECUTE FUNCTION compliance_counts_truncated();
