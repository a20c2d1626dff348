CREATE TABLE "seo_store_links" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"language" text NOT NULL,
	"check_id" text NOT NULL,
	"severity" text NOT NULL,
	"field" text NOT NULL,
	"kind" text NOT NULL,
	"handle" text NOT NULL,
	"link_language" text NOT NULL,
	"host" text NOT NULL,
	"excerpt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seo_store_links_page_idx" ON "seo_store_links" USING btree ("shop_id","page_gid");--> statement-breakpoint
CREATE INDEX "seo_store_links_target_idx" ON "seo_store_links" USING btree ("shop_id","kind","handle");