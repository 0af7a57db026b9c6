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

-- A record's place: its location and every location above it (schema.ts, placeIds()), so an area
-- manager's search tests a row as `place_ids && roots` with no look at the locations. Set when the
-- record is written and whenever its location changes, including a change another BEFORE trigger
-- makes (an action takes its asset's location in actions_asset_code_set, which runs first: triggers
-- of one kind run in the order of their names). Locations never change parent, so their ancestors,
-- and these copies, never go stale.
CREATE OR REPLACE FUNCTION place_ids_set() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.location_id IS NOT DISTINCT FROM OLD.location_id AND NEW.place_ids IS NOT DISTINCT FROM OLD.place_ids THEN
    RETURN NEW;
  END IF;
  NEW.place_ids := coalesce((SELECT l.ancestor_ids || l.id FROM locations AS l WHERE l.id = NEW.location_id), '{}');
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER assets_place_ids_set BEFORE INSERT OR UPDATE ON assets FOR EACH ROW EXECUTE FUNCTION place_ids_set();

CREATE OR REPLACE TRIGGER actions_place_ids_set BEFORE INSERT OR UPDATE ON actions FOR EACH ROW EXECUTE FUNCTION place_ids_set();

CREATE OR REPLACE TRIGGER meters_place_ids_set BEFORE INSERT OR UPDATE ON meters FOR EACH ROW EXECUTE FUNCTION place_ids_set();
