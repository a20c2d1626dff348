-- Trigram indexes search the page list's titles and handles (seo_pages_search_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "seo_audit_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"pages_audited" integer DEFAULT 0 NOT NULL,
	"pages_left_out" integer DEFAULT 0 NOT NULL,
	"page_limit" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_duplicate_keys" (
	"shop_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"language" text NOT NULL,
	"key_hash" text NOT NULL,
	"page_gid" text NOT NULL,
	"severity" text NOT NULL,
	"field" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_findings" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"language" text NOT NULL,
	"check_id" text NOT NULL,
	"severity" text NOT NULL,
	"evidence" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_page_results" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"title_key" text NOT NULL,
	"score" smallint NOT NULL,
	"errors" integer NOT NULL,
	"warnings" integer NOT NULL,
	"infos" integer NOT NULL,
	"findings_total" integer NOT NULL,
	"check_ids" text[] NOT NULL,
	"audited_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"translation_fields" smallint NOT NULL,
	"translated" smallint NOT NULL,
	"translations_outdated" smallint NOT NULL,
	"translations_same_as_source" smallint NOT NULL,
	CONSTRAINT "seo_page_results_shop_id_page_gid_language_pk" PRIMARY KEY("shop_id","page_gid","language")
);
--> statement-breakpoint
CREATE TABLE "seo_pages" (
	"shop_id" uuid NOT NULL,
	"page_gid" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"title_key" text NOT NULL,
	"score" smallint NOT NULL,
	"errors" integer NOT NULL,
	"warnings" integer NOT NULL,
	"infos" integer NOT NULL,
	"findings_total" integer NOT NULL,
	"check_ids" text[] NOT NULL,
	"audited_at" timestamp with time zone NOT NULL,
	"search" text NOT NULL,
	"score_en" smallint,
	"score_fr" smallint,
	CONSTRAINT "seo_pages_shop_id_page_gid_pk" PRIMARY KEY("shop_id","page_gid")
);
--> statement-breakpoint
CREATE TABLE "seo_score_history" (
	"run_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"language" text NOT NULL,
	"score" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "seo_score_history_run_id_language_pk" PRIMARY KEY("run_id","language")
);
--> statement-breakpoint
CREATE INDEX "seo_audit_runs_shop_started_idx" ON "seo_audit_runs" USING btree ("shop_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_audit_runs_one_active_idx" ON "seo_audit_runs" USING btree ("shop_id") WHERE "seo_audit_runs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "seo_duplicate_keys_group_idx" ON "seo_duplicate_keys" USING btree ("shop_id","check_id","language","key_hash");--> statement-breakpoint
CREATE INDEX "seo_duplicate_keys_page_idx" ON "seo_duplicate_keys" USING btree ("shop_id","page_gid");--> statement-breakpoint
CREATE INDEX "seo_findings_page_idx" ON "seo_findings" USING btree ("shop_id","page_gid");--> statement-breakpoint
CREATE INDEX "seo_findings_check_idx" ON "seo_findings" USING btree ("shop_id","language","check_id");--> statement-breakpoint
CREATE INDEX "seo_page_results_score_idx" ON "seo_page_results" USING btree ("shop_id","language","score","page_gid");--> statement-breakpoint
CREATE INDEX "seo_pages_score_idx" ON "seo_pages" USING btree ("shop_id","score","page_gid");--> statement-breakpoint
CREATE INDEX "seo_pages_title_idx" ON "seo_pages" USING btree ("shop_id","title_key","page_gid");--> statement-breakpoint
CREATE INDEX "seo_pages_findings_idx" ON "seo_pages" USING btree ("shop_id","findings_total","page_gid");--> statement-breakpoint
CREATE INDEX "seo_pages_search_idx" ON "seo_pages" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seo_pages_checks_idx" ON "seo_pages" USING gin ("check_ids");--> statement-breakpoint
CREATE INDEX "seo_score_history_shop_idx" ON "seo_score_history" USING btree ("shop_id","at");