DROP INDEX "seo_findings_check_idx";--> statement-breakpoint
CREATE INDEX "seo_findings_check_idx" ON "seo_findings" USING btree ("shop_id","language","check_id","severity");