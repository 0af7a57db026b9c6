CREATE TYPE "public"."inspection_result" AS ENUM('pass', 'pass_with_observations', 'fail');--> statement-breakpoint
CREATE TYPE "public"."obligation_state" AS ENUM('active', 'suspended', 'not_applicable');--> statement-breakpoint
CREATE TYPE "public"."obligation_status" AS ENUM('failed', 'unknown', 'overdue', 'due_soon', 'compliant', 'suspended', 'not_applicable');--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obligation_id" uuid NOT NULL,
	"performed_on" date NOT NULL,
	"result" "inspection_result" NOT NULL,
	"performed_by_id" uuid,
	"contractor" text,
	"readings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"certificate_number" text,
	"certificate_expires_on" date,
	"notes" text,
	"corrects_id" uuid,
	"recorded_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obligations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"regime_id" uuid NOT NULL,
	"asset_id" uuid,
	"location_id" uuid NOT NULL,
	"interval_count" integer,
	"interval_unit" interval_unit,
	"interval_reason" text,
	"responsible_user_id" uuid,
	"contractor" text,
	"state" "obligation_state" DEFAULT 'active' NOT NULL,
	"state_reason" text,
	"state_set_by" uuid,
	"start_on" date,
	"last_completed_on" date,
	"last_result" "inspection_result",
	"last_inspection_id" uuid,
	"certificate_expires_on" date,
	"next_due_on" date,
	"status" "obligation_status" NOT NULL,
	"status_changes_on" date,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obligations_interval_whole" CHECK (("obligations"."interval_count" IS NULL) = ("obligations"."interval_unit" IS NULL) AND coalesce("obligations"."interval_count", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_obligation_id_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_performed_by_id_users_id_fk" FOREIGN KEY ("performed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_corrects_id_inspections_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_regime_id_compliance_regimes_id_fk" FOREIGN KEY ("regime_id") REFERENCES "public"."compliance_regimes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_state_set_by_users_id_fk" FOREIGN KEY ("state_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspections_obligation_id_performed_on_idx" ON "inspections" USING btree ("obligation_id","performed_on" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_corrects_id_key" ON "inspections" USING btree ("corrects_id") WHERE "inspections"."corrects_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "obligations_regime_asset_key" ON "obligations" USING btree ("regime_id","asset_id") WHERE "obligations"."asset_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "obligations_regime_location_key" ON "obligations" USING btree ("regime_id","location_id") WHERE "obligations"."asset_id" IS NULL;--> statement-breakpoint
CREATE INDEX "obligations_asset_id_idx" ON "obligations" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "obligations_location_id_idx" ON "obligations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "obligations_status_changes_on_idx" ON "obligations" USING btree ("status_changes_on") WHERE "obligations"."status_changes_on" IS NOT NULL;