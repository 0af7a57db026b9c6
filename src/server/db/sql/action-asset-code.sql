-- ── The linked asset's code and place on each action (ADR 017, ADR 024 "Areas") ────────────────
-- Copied when an action is written, so a page of actions shows its assets' codes without a lookup
-- per row, and an area manager's lists and counts find their actions by the action's own location.
-- An action on no asset lies nowhere (the whole estate's), unless it serves a location's obligation.
-- Also during a bulk load: the loader leaves it to this trigger.
CREATE OR REPLACE FUNCTION action_asset_code_set() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  SELECT a.asset_id, a.location_id INTO NEW.asset_code, NEW.location_id FROM assets AS a WHERE a.id = NEW.asset_id;
  IF NEW.asset_id IS NULL THEN
    NEW.asset_code := NULL;
    -- A remedial action of a location's own obligation lies where the obligation does (ADR 025).
    NEW.location_id := (SELECT o.location_id FROM obligations AS o WHERE o.id = NEW.obligation_id);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER actions_asset_code_set BEFORE INSERT OR UPDATE OF asset_id, asset_code, location_id, obligation_id ON actions FOR EACH ROW EXECUTE FUNCTION action_asset_code_set();

-- Asset codes come from a sequence and nothing in the app changes them; one changed in the database
-- is copied to its actions all the same.
CREATE OR REPLACE FUNCTION asset_code_copy() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE actions SET asset_code = NEW.asset_id WHERE asset_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_asset_code_copy AFTER UPDATE OF asset_id ON assets FOR EACH ROW WHEN ((old.asset_id IS DISTINCT FROM new.asset_id)) EXECUTE FUNCTION asset_code_copy();
