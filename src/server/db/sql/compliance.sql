-- ── Compliance (ADR 025) ────────────────────────────────────────────────────────────────────────
-- An asset's obligations lie where the asset does: when it moves, they move with it, in the same
-- transaction, so areas and the location roll-ups never see them in the old place.
CREATE OR REPLACE FUNCTION obligations_follow_asset() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE obligations SET location_id = NEW.location_id WHERE asset_id = NEW.id AND location_id IS DISTINCT FROM NEW.location_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER assets_move_obligations AFTER UPDATE OF location_id ON assets FOR EACH ROW WHEN ((old.location_id IS DISTINCT FROM new.location_id)) EXECUTE FUNCTION obligations_follow_asset();
