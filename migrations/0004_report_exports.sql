CREATE TYPE "public"."export_format" AS ENUM('xlsx', 'csv');--> statement-breakpoint
CREATE TYPE "public"."report_type" AS ENUM('asset_register', 'actions_list', 'condition_summary', 'compliance_schedule', 'meter_logs');--> statement-breakpoint
CREATE TABLE "report_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"report_type" "report_type" NOT NULL,
	"format" "export_format" NOT NULL,
	"location_id" uuid,
	"location_name" text,
	"filename" text NOT NULL,
	"object_key" text NOT NULL,
	"size" integer NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_user_id_created_at_idx" ON "report_exports" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "report_exports_location_id_idx" ON "report_exports" USING btree ("location_id");