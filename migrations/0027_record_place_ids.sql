ALTER TABLE "actions" ADD COLUMN "place_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "place_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "place_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
-- Every asset, action and meter is written once more (their indexes too): longer than the app's
-- statement timeout on a large register, so none for the rest of this migration's transaction.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
UPDATE "assets" SET "place_ids" = l."ancestor_ids" || l."id" FROM "locations" AS l WHERE l."id" = "assets"."location_id";--> statement-breakpoint
UPDATE "actions" SET "place_ids" = l."ancestor_ids" || l."id" FROM "locations" AS l WHERE l."id" = "actions"."location_id";--> statement-breakpoint
UPDATE "meters" SET "place_ids" = l."ancestor_ids" || l."id" FROM "locations" AS l WHERE l."id" = "meters"."location_id";
