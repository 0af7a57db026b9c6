CREATE TYPE "public"."import_format" AS ENUM('xlsx', 'csv');--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('uploaded', 'dry_running', 'dry_run_failed', 'ready', 'committing', 'committed', 'commit_failed');--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"name" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"value_synonyms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"format" "import_format" NOT NULL,
	"sheets" jsonb NOT NULL,
	"sheet" text,
	"mapping" jsonb,
	"value_synonyms" jsonb,
	"status" "import_status" DEFAULT 'uploaded' NOT NULL,
	"message" text,
	"counts" jsonb,
	"summary" jsonb,
	"new_locations_key" text,
	"heartbeat_at" timestamp with time zone,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_created_by_idx" ON "imports" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "assets_serial_idx" ON "assets" USING btree ("serial");