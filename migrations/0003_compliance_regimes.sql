CREATE TYPE "public"."anchor_rule" AS ENUM('from_completion', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."interval_unit" AS ENUM('day', 'week', 'month', 'year');--> statement-breakpoint
CREATE TYPE "public"."regime_category" AS ENUM('fire', 'electrical', 'lifting', 'water', 'gas', 'pressure', 'asbestos', 'environmental');--> statement-breakpoint
CREATE TABLE "compliance_regimes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"category" "regime_category" NOT NULL,
	"interval_count" integer NOT NULL,
	"interval_unit" interval_unit NOT NULL,
	"due_soon_days" integer NOT NULL,
	"anchor" "anchor_rule" NOT NULL,
	"certificate_required" boolean NOT NULL,
	"readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference" text NOT NULL,
	"asset_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"location_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_regimes_interval_positive" CHECK ("compliance_regimes"."interval_count" > 0),
	CONSTRAINT "compliance_regimes_due_soon_days_range" CHECK ("compliance_regimes"."due_soon_days" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_regimes_key_key" ON "compliance_regimes" USING btree ("key");