-- ── Bulk loads ──────────────────────────────────────────────────────────────────────────────────
-- A bulk load (npm run seed:large, an import) sets app.bulk_load = 'on' for its transaction: the
-- register's triggers then do nothing, and the loader calls rebuild_register_aggregates() once at
-- the end. The setting is honoured only for a session whose login role owns the tables (the seed
-- and import tooling connect as the owner); any other session may set it and it changes nothing
-- (ADR 019). session_user, not current_user: inside audit_record_change() (SECURITY DEFINER)
-- current_user is the owner whoever called. The ownership test runs only when the setting is on,
-- so ordinary writes pay nothing for it.
CREATE OR REPLACE FUNCTION register_bulk_load() RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT CASE
    WHEN coalesce(current_setting('app.bulk_load', true), '') = 'on'
      THEN pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'public.audit_log'::regclass), 'MEMBER')
    ELSE false
  END
$$;

-- The per-location counts (dashboard-counts.sql) from scratch: each record counted at its location
-- and at every ancestor. After a bulk load, and once by the migration that added them.
CREATE OR REPLACE FUNCTION rebuild_location_counts() RETURNS void
    LANGUAGE sql
    AS $$
  DELETE FROM location_asset_counts;
  INSERT INTO location_asset_counts (location_id, month, condition, slot, n)
  SELECT place, date_trunc('month', a.created_at AT TIME ZONE 'UTC')::date, a.condition, (hashtext(a.id::text) & 3)::smallint, count(*)
  FROM assets AS a JOIN locations AS l ON l.id = a.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY 1, 2, 3, 4;
  DELETE FROM location_action_counts;
  INSERT INTO location_action_counts (location_id, status, priority, slot, n)
  SELECT place, x.status, x.priority, (hashtext(x.id::text) & 3)::smallint, count(*)
  FROM actions AS x JOIN locations AS l ON l.id = x.location_id, unnest(l.ancestor_ids || l.id) AS place
  GROUP BY 1, 2, 3, 4;
$$;

-- The open actions per location and target date (dashboard-counts.sql) from scratch: after a bulk
-- load, and once by the migration that added them. Not part of rebuild_location_counts(): an
-- earlier migration calls that, before this table exists.
CREATE OR REPLACE FUNCTION rebuild_action_due_counts() RETURNS void
    LANGUAGE sql
    AS $$
  DELETE FROM location_action_due_counts;
  INSERT INTO location_action_due_counts (location_id, target_date, n)
  SELECT place, x.target_date, count(*)::integer
  FROM actions AS x JOIN locations AS l ON l.id = x.location_id, unnest(l.ancestor_ids || l.id) AS place
  WHERE action_is_open(x.status::text) AND x.target_date IS NOT NULL
  GROUP BY 1, 2;
$$;

-- After a bulk load: the dashboard's counts and the words offered as corrections, from scratch.
CREATE OR REPLACE FUNCTION rebuild_register_aggregates() RETURNS void
    LANGUAGE sql
    AS $$
  DELETE FROM asset_counts;
  INSERT INTO asset_counts (month, condition, slot, n)
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, condition, (hashtext(id::text) & 3)::smallint, count(*)
  FROM assets GROUP BY 1, 2, 3;
  DELETE FROM action_counts;
  INSERT INTO action_counts (status, priority, slot, n)
  SELECT status, priority, (hashtext(id::text) & 3)::smallint, count(*) FROM actions GROUP BY 1, 2, 3;
  SELECT rebuild_location_counts();
  SELECT rebuild_action_due_counts();
  SELECT rebuild_compliance_counts();
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT search_text FROM assets UNION ALL SELECT search_text FROM actions UNION ALL SELECT search_text FROM meters
  ) AS s, search_words_of(s.search_text) AS w
  ON CONFLICT DO NOTHING;
$$;
