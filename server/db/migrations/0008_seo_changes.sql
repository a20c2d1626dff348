CREATE TABLE "seo_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"page_kind" text NOT NULL,
	"page_title" text NOT NULL,
	"language" text NOT NULL,
	"locale" text,
	"field" text NOT NULL,
	"target_id" text NOT NULL,
	"value" text NOT NULL,
	"base_value" text,
	"previous_value" text,
	"shopify_value" text,
	"state" text NOT NULL,
	"error_code" text,
	"batch_id" uuid,
	"undo_of" uuid,
	"created_by" text NOT NULL,
	"approved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "seo_changes_one_draft_idx" ON "seo_changes" USING btree ("shop_id","page_gid","language","field","target_id") WHERE "seo_changes"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "seo_changes_shop_idx" ON "seo_changes" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "seo_changes_page_idx" ON "seo_changes" USING btree ("shop_id","page_gid","created_at");--> statement-breakpoint
CREATE INDEX "seo_changes_batch_idx" ON "seo_changes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "seo_changes_undo_of_idx" ON "seo_changes" USING btree ("undo_of");--> statement-breakpoint
CREATE INDEX "seo_changes_created_by_idx" ON "seo_changes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "seo_changes_approved_by_idx" ON "seo_changes" USING btree ("approved_by");