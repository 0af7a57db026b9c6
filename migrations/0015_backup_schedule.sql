CREATE TYPE "public"."backup_frequency" AS ENUM('daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."backup_run_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."backup_trigger" AS ENUM('scheduled', 'manual');--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" "backup_trigger" NOT NULL,
	"status" "backup_run_status" DEFAULT 'running' NOT NULL,
	"requested_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"error" text,
	"warning" text,
	"stored_bytes" bigint,
	"rows" bigint,
	"objects" integer,
	"duration_ms" integer,
	"pruned" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_frequency" "backup_frequency" DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_hour" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_weekday" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_keep_daily" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_keep_weekly" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "backup_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_runs_succeeded_idx" ON "backup_runs" USING btree ("finished_at" DESC NULLS LAST) WHERE "backup_runs"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_backup_hour" CHECK ("organisation_settings"."backup_hour" BETWEEN 0 AND 23);--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_backup_weekday" CHECK ("organisation_settings"."backup_weekday" BETWEEN 1 AND 7);--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_backup_keep_daily" CHECK ("organisation_settings"."backup_keep_daily" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_backup_keep_weekly" CHECK ("organisation_settings"."backup_keep_weekly" BETWEEN 0 AND 52);