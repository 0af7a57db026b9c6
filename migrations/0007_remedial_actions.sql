ALTER TABLE "actions" ADD COLUMN "obligation_id" uuid;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "inspection_id" uuid;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "overdue_for" date;--> statement-breakpoint
ALTER TABLE "obligations" ADD COLUMN "remedial_action_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_obligation_id_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."obligations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_obligation_id_idx" ON "actions" USING btree ("obligation_id") WHERE "actions"."obligation_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "actions_inspection_id_key" ON "actions" USING btree ("inspection_id") WHERE "actions"."inspection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "actions_obligation_id_overdue_for_key" ON "actions" USING btree ("obligation_id","overdue_for") WHERE "actions"."overdue_for" IS NOT NULL;--> statement-breakpoint
-- Obligations failed before remedial actions existed raised none: they stay failed until a later
-- inspection passes, as they did. Derived, not a change anyone made.
SELECT set_config('app.bulk_load', 'on', true);--> statement-breakpoint
UPDATE "obligations" SET "remedial_action_open" = true WHERE "last_result" = 'fail';--> statement-breakpoint
SELECT set_config('app.bulk_load', 'off', true);
