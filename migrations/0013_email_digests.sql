CREATE TYPE "public"."reminder_outcome" AS ENUM('sending', 'sent', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."reminder_threshold" AS ENUM('due_soon', 'overdue');--> statement-breakpoint
CREATE TABLE "compliance_reminders" (
	"obligation_id" uuid NOT NULL,
	"threshold" "reminder_threshold" NOT NULL,
	"due_on" date NOT NULL,
	"user_id" uuid,
	"outcome" "reminder_outcome" NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "compliance_reminders_obligation_id_threshold_due_on_pk" PRIMARY KEY("obligation_id","threshold","due_on")
);
--> statement-breakpoint
CREATE TABLE "email_digest_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_reminders" ADD CONSTRAINT "compliance_reminders_obligation_id_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_reminders" ADD CONSTRAINT "compliance_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_digest_preferences" ADD CONSTRAINT "email_digest_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_reminders_user_id_idx" ON "compliance_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "compliance_reminders_threshold_due_on_idx" ON "compliance_reminders" USING btree ("threshold","due_on");--> statement-breakpoint
CREATE INDEX "compliance_reminders_sending_claimed_at_idx" ON "compliance_reminders" USING btree ("claimed_at") WHERE "compliance_reminders"."outcome" = 'sending';