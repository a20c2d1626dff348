CREATE TABLE "blog_counted_posts" (
	"shop_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"month" text NOT NULL,
	CONSTRAINT "blog_counted_posts_shop_id_post_id_pk" PRIMARY KEY("shop_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publication_state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publication_action" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "queued_publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "queued_overwrite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "article_gid" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "creation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "blog_gid" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "published_revision" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "shopify_updated_at" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "language_states" jsonb DEFAULT '{"en":"not-written","fr":"not-written"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "store_image_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "shopify_version" jsonb;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "counted_month" text;--> statement-breakpoint
ALTER TABLE "catalog_articles" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_counted_posts_month_idx" ON "blog_counted_posts" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "blog_posts_counted_idx" ON "blog_posts" USING btree ("shop_id","counted_month");--> statement-breakpoint
CREATE INDEX "blog_posts_queued_idx" ON "blog_posts" USING btree ("queued_at") WHERE "blog_posts"."publication_state" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_article_idx" ON "blog_posts" USING btree ("shop_id","article_gid") WHERE "blog_posts"."article_gid" is not null;