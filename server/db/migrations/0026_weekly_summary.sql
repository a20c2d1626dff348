CREATE TABLE "weekly_summary_mails" (
	"uid" text NOT NULL,
	"week" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "weekly_summary_mails_uid_week_pk" PRIMARY KEY("uid","week")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "weekly_summary_enabled" boolean;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "weekly_summary_weekday" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "weekly_summary_mails_created_at_idx" ON "weekly_summary_mails" USING btree ("created_at");