CREATE TABLE "seo_rendered_findings" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"language" text NOT NULL,
	"check_id" text NOT NULL,
	"severity" text NOT NULL,
	"evidence" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_storefront_fetches" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"language" text NOT NULL,
	"url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"status" smallint,
	"error" text,
	CONSTRAINT "seo_storefront_fetches_shop_id_page_gid_language_pk" PRIMARY KEY("shop_id","page_gid","language")
);
--> statement-breakpoint
CREATE INDEX "seo_rendered_findings_page_idx" ON "seo_rendered_findings" USING btree ("shop_id","page_gid");