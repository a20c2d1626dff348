ALTER TABLE "seo_page_results" ADD COLUMN "search" text;--> statement-breakpoint
-- Each language's row takes its page's searched text from the page's summary (a row without one, which
-- the audit never leaves, its own title and handle), before the column may be required.
UPDATE "seo_page_results" AS r SET "search" = coalesce(
	(SELECT p."search" FROM "seo_pages" AS p WHERE p."shop_id" = r."shop_id" AND p."page_gid" = r."page_gid"),
	lower(r."title" || ' ' || r."handle"));--> statement-breakpoint
ALTER TABLE "seo_page_results" ALTER COLUMN "search" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "seo_page_results_kind_title_idx" ON "seo_page_results" USING btree ("shop_id","language","kind","title_key","page_gid");
