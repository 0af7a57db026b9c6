-- A location's assets and actions newest first, each entry carrying the record's search_text: a
-- small area's search tests its records' text in the index alone and reads from the table only
-- the rows it keeps (search/matches.ts, keyedScan()). drizzle cannot declare INCLUDE, so schema.ts
-- declares these indexes without it and says so.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "assets_location_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "assets_location_id_created_at_idx" ON "assets" USING btree ("location_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "actions_location_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "actions_location_id_created_at_idx" ON "actions" USING btree ("location_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text");
