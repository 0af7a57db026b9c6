-- ── What lies where its asset lies (ADR 024 "Areas", ADR 025) ────────────────────────────────────
-- An action keeps its asset's place (action-asset-code.sql copies it when the action is written) and
-- an asset's compliance obligations lie where the asset does. When the asset moves they move with
-- it, in the same transaction, so areas and location roll-ups never see them in the old place.
CREATE OR REPLACE FUNCTION asset_moved() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE actions SET location_id = NEW.location_id WHERE asset_id = NEW.id AND location_id IS DISTINCT FROM NEW.location_id;
  UPDATE obligations SET location_id = NEW.location_id WHERE asset_id = NEW.id AND location_id IS DISTINCT FROM NEW.location_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_moved AFTER UPDATE OF location_id ON assets FOR EACH ROW WHEN ((old.location_id IS DISTINCT FROM new.location_id)) EXECUTE FUNCTION asset_moved();
