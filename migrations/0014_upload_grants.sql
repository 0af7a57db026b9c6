CREATE TABLE "upload_grants" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"declared_size" integer,
	"stored_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"discarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_grants_user_id_created_at_idx" ON "upload_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_grants_created_at_idx" ON "upload_grants" USING btree ("created_at");