-- Each counts table read by location from an index alone (schema.ts, locationAssetCounts): a
-- location's counter rows lie a page each across the table, and the location tree, an area's
-- dashboard and /compliance read every one of them.
CREATE INDEX "location_action_counts_read_idx" ON "location_action_counts" USING btree ("location_id","status","priority","n");--> statement-breakpoint
CREATE INDEX "location_asset_counts_read_idx" ON "location_asset_counts" USING btree ("location_id","month","condition","n");--> statement-breakpoint
CREATE INDEX "location_compliance_counts_read_idx" ON "location_compliance_counts" USING btree ("location_id","regime_id","status","n");
