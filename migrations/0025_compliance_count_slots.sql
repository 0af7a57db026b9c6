-- Each compliance count key spread over slots (schema.ts, locationComplianceCounts): the rows kept
-- so far stay in slot 0, where a rebuild puts them too. compliance_counts_add now takes the
-- obligations' ids (db/sql/compliance-counts.sql); its old form goes.
ALTER TABLE "location_compliance_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_compliance_counts" DROP CONSTRAINT "location_compliance_counts_location_id_regime_id_status_pk";--> statement-breakpoint
ALTER TABLE "location_compliance_counts" ADD CONSTRAINT "location_compliance_counts_location_id_regime_id_status_slot_pk" PRIMARY KEY("location_id","regime_id","status","slot");--> statement-breakpoint
DROP FUNCTION IF EXISTS compliance_counts_add(uuid[], uuid[], text[], integer[]);
