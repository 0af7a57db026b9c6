-- Actions still to do per location and target date (schema.ts, locationActionDueCounts), kept by
-- dashboard-counts.sql's triggers from now on and counted once here.
CREATE TABLE "location_action_due_counts" (
	"location_id" uuid NOT NULL,
	"target_date" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "location_action_due_counts_location_id_target_date_pk" PRIMARY KEY("location_id","target_date")
);
--> statement-breakpoint
ALTER TABLE "location_action_due_counts" ADD CONSTRAINT "location_action_due_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_action_due_counts_read_idx" ON "location_action_due_counts" USING btree ("location_id","target_date","n");--> statement-breakpoint
SELECT rebuild_action_due_counts();
