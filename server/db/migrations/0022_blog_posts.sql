CREATE TABLE "blog_post_versions" (
	"post_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_by" text NOT NULL,
	"editor_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_versions_post_id_revision_pk" PRIMARY KEY("post_id","revision")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_versions" ADD CONSTRAINT "blog_post_versions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_versions_saved_by_idx" ON "blog_post_versions" USING btree ("saved_by");--> statement-breakpoint
CREATE INDEX "blog_posts_shop_idx" ON "blog_posts" USING btree ("shop_id","updated_at");--> statement-breakpoint
CREATE INDEX "blog_posts_created_by_idx" ON "blog_posts" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "blog_posts_updated_by_idx" ON "blog_posts" USING btree ("updated_by");