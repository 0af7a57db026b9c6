CREATE TABLE "location_action_counts" (
	"location_id" uuid NOT NULL,
	"status" "action_status" NOT NULL,
	"priority" "action_priority" NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "location_action_counts_location_id_status_priority_slot_pk" PRIMARY KEY("location_id","status","priority","slot")
);
--> statement-breakpoint
CREATE TABLE "location_asset_counts" (
	"location_id" uuid NOT NULL,
	"month" date NOT NULL,
	"condition" "asset_condition" NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "location_asset_counts_location_id_month_condition_slot_pk" PRIMARY KEY("location_id","month","condition","slot")
);
--> statement-breakpoint
DROP INDEX "assets_location_id_condition_created_at_idx";--> statement-breakpoint
ALTER TABLE "location_action_counts" ADD CONSTRAINT "location_action_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_asset_counts" ADD CONSTRAINT "location_asset_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_location_id_created_at_idx" ON "assets" USING btree ("location_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Counted once from the register as it stands; the triggers keep them from now on (db/sql/bulk-load.sql).
SELECT rebuild_location_counts();--> statement-breakpoint
ANALYZE "location_asset_counts";--> statement-breakpoint
ANALYZE "location_action_counts";
