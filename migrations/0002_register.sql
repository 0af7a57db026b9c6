CREATE TYPE "public"."action_category" AS ENUM('maintenance', 'repair', 'replacement', 'compliance');--> statement-breakpoint
CREATE TYPE "public"."action_priority" AS ENUM('critical', 'high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."action_status" AS ENUM('open', 'in_progress', 'waiting', 'completed', 'verified', 'closed');--> statement-breakpoint
CREATE TYPE "public"."asset_condition" AS ENUM('excellent', 'good', 'fair', 'poor', 'unsafe');--> statement-breakpoint
CREATE TYPE "public"."asset_status" AS ENUM('draft', 'active', 'under_repair', 'decommissioned', 'disposed');--> statement-breakpoint
CREATE TYPE "public"."asset_type" AS ENUM('fire_door', 'hvac', 'pc', 'monitor', 'printer', 'meter', 'roof', 'other');--> statement-breakpoint
CREATE TYPE "public"."compliance_value" AS ENUM('yes', 'no', 'na');--> statement-breakpoint
CREATE TYPE "public"."defect_severity" AS ENUM('low', 'medium', 'high', 'critical');--> statement-breakpoint
CREATE TYPE "public"."location_type" AS ENUM('organisation', 'region', 'site', 'building', 'floor', 'area');--> statement-breakpoint
CREATE SEQUENCE "public"."action_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."assessment_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."asset_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" text DEFAULT ('ACT-' || lpad(nextval('action_code_seq')::text, 6, '0')) NOT NULL,
	"asset_id" uuid,
	"assessment_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"category" "action_category" DEFAULT 'maintenance' NOT NULL,
	"priority" "action_priority" NOT NULL,
	"status" "action_status" DEFAULT 'open' NOT NULL,
	"assignee" text,
	"target_date" text,
	"completed_date" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(action_id || ' ' || title || ' ' || coalesce(description, '') || ' ' || coalesce(assignee, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" text DEFAULT ('ASM-' || lpad(nextval('assessment_code_seq')::text, 6, '0')) NOT NULL,
	"asset_id" uuid NOT NULL,
	"condition" "asset_condition" NOT NULL,
	"condition_notes" text,
	"assessed_by" uuid NOT NULL,
	"assessed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text DEFAULT ('AST-' || lpad(nextval('asset_code_seq')::text, 6, '0')) NOT NULL,
	"client_asset_id" text,
	"type" "asset_type" NOT NULL,
	"subtype" text,
	"make" text,
	"model" text,
	"serial" text,
	"description" text,
	"location_id" uuid NOT NULL,
	"location_path" text NOT NULL,
	"install_date" text,
	"warranty_expiry" text,
	"condition" "asset_condition" NOT NULL,
	"condition_notes" text,
	"compliance_fire" "compliance_value" DEFAULT 'na' NOT NULL,
	"compliance_electrical" "compliance_value" DEFAULT 'na' NOT NULL,
	"compliance_loler" "compliance_value" DEFAULT 'na' NOT NULL,
	"compliance_hygiene" "compliance_value" DEFAULT 'na' NOT NULL,
	"qr_code" text,
	"barcode" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "asset_status" DEFAULT 'draft' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(asset_id || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(serial, '') || ' ' || coalesce(description, '') || ' ' || location_path || ' ' || CASE type WHEN 'fire_door' THEN 'fire_door fire door' WHEN 'hvac' THEN 'hvac' WHEN 'pc' THEN 'pc' WHEN 'monitor' THEN 'monitor' WHEN 'printer' THEN 'printer' WHEN 'meter' THEN 'meter' WHEN 'roof' THEN 'roof' ELSE 'other' END)) STORED
);
--> statement-breakpoint
CREATE TABLE "defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"severity" "defect_severity" NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "location_type" NOT NULL,
	"parent_id" uuid,
	"code" text,
	"description" text,
	"gps_lat" text,
	"gps_lon" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"path" text NOT NULL,
	"ancestor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid,
	"assessment_id" uuid,
	"action_id" uuid,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"filename" text NOT NULL,
	"filesize" integer,
	"mime_type" text,
	"caption" text,
	"gps_lat" text,
	"gps_lon" text,
	"taken_at" timestamp with time zone,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_assessed_by_users_id_fk" FOREIGN KEY ("assessed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defects" ADD CONSTRAINT "defects_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "actions_action_id_key" ON "actions" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "actions_created_at_id_idx" ON "actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_status_priority_created_at_idx" ON "actions" USING btree ("status","priority","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_priority_created_at_idx" ON "actions" USING btree ("priority","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_asset_id_idx" ON "actions" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "actions_assessment_id_idx" ON "actions" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "actions_created_by_idx" ON "actions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "actions_search_text_trgm_idx" ON "actions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_assessment_id_key" ON "assessments" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessments_asset_id_assessed_at_idx" ON "assessments" USING btree ("asset_id","assessed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assessments_assessed_by_idx" ON "assessments" USING btree ("assessed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_asset_id_key" ON "assets" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_client_asset_id_key" ON "assets" USING btree ("client_asset_id");--> statement-breakpoint
CREATE INDEX "assets_created_at_id_idx" ON "assets" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_condition_created_at_idx" ON "assets" USING btree ("condition","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_type_created_at_idx" ON "assets" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_location_id_idx" ON "assets" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "assets_created_by_idx" ON "assets" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "assets_search_text_trgm_idx" ON "assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "defects_assessment_id_idx" ON "defects" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "locations_parent_id_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "locations_type_path_idx" ON "locations" USING btree ("type","path");--> statement-breakpoint
CREATE INDEX "locations_ancestor_ids_idx" ON "locations" USING gin ("ancestor_ids");--> statement-breakpoint
CREATE INDEX "locations_path_trgm_idx" ON "locations" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_asset_id_created_at_idx" ON "media" USING btree ("asset_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_assessment_id_idx" ON "media" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "media_action_id_idx" ON "media" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");