-- Records' places at the estate's top levels, each in a list's order (schema.ts, placeIndexes()):
-- an area rooted at one of them is read in that order in one range. Building them reads every
-- asset and action, longer than the app's statement timeout on a large register.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "actions_place1_created_at_idx" ON "actions" USING btree (("place_ids"[1]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_place2_created_at_idx" ON "actions" USING btree (("place_ids"[2]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_place3_created_at_idx" ON "actions" USING btree (("place_ids"[3]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actions_place1_open_target_date_idx" ON "actions" USING btree (("place_ids"[1]),"target_date","id") WHERE "actions"."status" IN ('open', 'in_progress', 'waiting');--> statement-breakpoint
CREATE INDEX "actions_place2_open_target_date_idx" ON "actions" USING btree (("place_ids"[2]),"target_date","id") WHERE "actions"."status" IN ('open', 'in_progress', 'waiting');--> statement-breakpoint
CREATE INDEX "actions_place3_open_target_date_idx" ON "actions" USING btree (("place_ids"[3]),"target_date","id") WHERE "actions"."status" IN ('open', 'in_progress', 'waiting');--> statement-breakpoint
CREATE INDEX "assets_place1_created_at_idx" ON "assets" USING btree (("place_ids"[1]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_place2_created_at_idx" ON "assets" USING btree (("place_ids"[2]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_place3_created_at_idx" ON "assets" USING btree (("place_ids"[3]),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);