-- ── Areas (ADR 024) ─────────────────────────────────────────────────────────────────────────────
-- The locations an area manager limited to `roots` works in: each root and everything below it,
-- from the stored ancestry (the GIN index on ancestor_ids serves &&), with no recursion. A plain
-- SQL function, so PostgreSQL inlines it into the statement that calls it and plans it there.
CREATE OR REPLACE FUNCTION area_locations(roots uuid[]) RETURNS SETOF uuid
    LANGUAGE sql STABLE
    AS $$
  SELECT id FROM locations WHERE id = ANY(roots) OR ancestor_ids && roots
$$;

-- Whether one location lies in the areas: one look at its row (its id and its ancestors), however
-- large the areas.
CREATE OR REPLACE FUNCTION location_in_areas(location uuid, roots uuid[]) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT EXISTS (SELECT 1 FROM locations WHERE id = location AND (id = ANY(roots) OR ancestor_ids && roots))
$$;
