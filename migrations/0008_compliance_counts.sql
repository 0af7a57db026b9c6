CREATE TABLE "location_compliance_counts" (
	"location_id" uuid NOT NULL,
	"regime_id" uuid NOT NULL,
	"status" "obligation_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "location_compliance_counts_location_id_regime_id_status_pk" PRIMARY KEY("location_id","regime_id","status")
);
--> statement-breakpoint
ALTER TABLE "location_compliance_counts" ADD CONSTRAINT "location_compliance_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_compliance_counts" ADD CONSTRAINT "location_compliance_counts_regime_id_compliance_regimes_id_fk" FOREIGN KEY ("regime_id") REFERENCES "public"."compliance_regimes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "obligations_next_due_on_id_idx" ON "obligations" USING btree ("next_due_on","id");--> statement-breakpoint
CREATE INDEX "obligations_status_next_due_on_id_idx" ON "obligations" USING btree ("status","next_due_on","id");--> statement-breakpoint
-- Counted once from the obligations as they stand; the trigger keeps them from now on.
SELECT rebuild_compliance_counts();
