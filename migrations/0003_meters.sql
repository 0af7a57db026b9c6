CREATE TYPE "public"."meter_type" AS ENUM('electricity', 'gas', 'water');--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meter_id" uuid NOT NULL,
	"reading" integer NOT NULL,
	"reading_date" timestamp with time zone NOT NULL,
	"recorded_by" uuid NOT NULL,
	"notes" text,
	"photo_url" text,
	"is_reset" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "meter_readings_reading_non_negative" CHECK ("meter_readings"."reading" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meter_number" text NOT NULL,
	"type" "meter_type" NOT NULL,
	"unit" text NOT NULL,
	"multiplier" integer DEFAULT 1 NOT NULL,
	"location_id" uuid NOT NULL,
	"location_path" text NOT NULL,
	"last_reading" integer,
	"last_reading_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(meter_number || ' ' || location_path)) STORED,
	CONSTRAINT "meters_multiplier_positive" CHECK ("meters"."multiplier" >= 1)
);
--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_readings_meter_id_reading_date_idx" ON "meter_readings" USING btree ("meter_id","reading_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "meter_readings_recorded_by_idx" ON "meter_readings" USING btree ("recorded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_meter_number_lower_key" ON "meters" USING btree (lower("meter_number"));--> statement-breakpoint
CREATE INDEX "meters_location_id_idx" ON "meters" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "meters_search_text_trgm_idx" ON "meters" USING gin ("search_text" gin_trgm_ops);