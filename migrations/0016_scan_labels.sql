ALTER TABLE "organisation_settings" ADD COLUMN "label_content" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "label_link_base" text;--> statement-breakpoint
CREATE INDEX "assets_barcode_idx" ON "assets" USING btree ("barcode");--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_label_content" CHECK ("organisation_settings"."label_content" IN ('code', 'link'));