ALTER TABLE "obligations" ADD COLUMN "last_certificate_number" text;--> statement-breakpoint
-- The counting inspection's certificate number, for obligations recorded before it was kept. Only a
-- kept copy changes: the audit trail and the kept counts have nothing to record, so their triggers
-- stand aside for this statement (register_bulk_load(), db/sql/bulk-load.sql).
SELECT set_config('app.bulk_load', 'on', true);--> statement-breakpoint
UPDATE "obligations" o SET "last_certificate_number" = i."certificate_number"
FROM "inspections" i WHERE i."id" = o."last_inspection_id" AND i."certificate_number" IS NOT NULL;--> statement-breakpoint
SELECT set_config('app.bulk_load', 'off', true);
