ALTER TABLE "media" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "height" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "media_object_key_key" ON "media" USING btree ("object_key");