CREATE TABLE "seo_store_check_pages" (
	"shop_id" uuid NOT NULL,
	"language" text NOT NULL,
	"check_id" text NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "seo_store_check_pages_shop_id_language_check_id_pk" PRIMARY KEY("shop_id","language","check_id")
);
--> statement-breakpoint
CREATE TABLE "seo_store_figures" (
	"shop_id" uuid NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"pages" integer NOT NULL,
	"score_sum" bigint NOT NULL,
	"errors" integer NOT NULL,
	"warnings" integer NOT NULL,
	"infos" integer NOT NULL,
	"translation_fields" integer NOT NULL,
	"translated" integer NOT NULL,
	"translations_outdated" integer NOT NULL,
	"translations_same_as_source" integer NOT NULL,
	CONSTRAINT "seo_store_figures_shop_id_language_kind_pk" PRIMARY KEY("shop_id","language","kind")
);
--> statement-breakpoint
-- Keeps seo_store_figures and seo_store_check_pages equal to sums of seo_page_results, in the
-- statement that changes its rows: the rows inserted count +1, the rows deleted -1, an update both.
-- Every writer of a store's pages holds the store's audit lock (seo-repository.ts), so the sums of
-- one store are never updated by two transactions at once; rows are upserted in key order all the
-- same.
CREATE FUNCTION seo_store_figures_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select *, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select *, -1 as sign from old_rows'
    ELSE 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    insert into seo_store_figures as f (shop_id, language, kind, pages, score_sum, errors,
      warnings, infos, translation_fields, translated, translations_outdated,
      translations_same_as_source)
    select shop_id, language, kind, sum(sign), sum(sign * score), sum(sign * errors),
      sum(sign * warnings), sum(sign * infos), sum(sign * translation_fields),
      sum(sign * translated), sum(sign * translations_outdated),
      sum(sign * translations_same_as_source)
    from (%s) as changed
    group by shop_id, language, kind
    order by shop_id, language, kind
    on conflict (shop_id, language, kind) do update set
      pages = f.pages + excluded.pages,
      score_sum = f.score_sum + excluded.score_sum,
      errors = f.errors + excluded.errors,
      warnings = f.warnings + excluded.warnings,
      infos = f.infos + excluded.infos,
      translation_fields = f.translation_fields + excluded.translation_fields,
      translated = f.translated + excluded.translated,
      translations_outdated = f.translations_outdated + excluded.translations_outdated,
      translations_same_as_source =
        f.translations_same_as_source + excluded.translations_same_as_source
  $sql$, changed);
  EXECUTE format($sql$
    insert into seo_store_check_pages as c (shop_id, language, check_id, pages)
    select shop_id, language, check_id, sum(sign)
    from (%s) as changed, unnest(check_ids) as check_id
    group by shop_id, language, check_id
    having sum(sign) <> 0
    order by shop_id, language, check_id
    on conflict (shop_id, language, check_id) do update set pages = c.pages + excluded.pages
  $sql$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER seo_page_results_inserted AFTER INSERT ON seo_page_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seo_store_figures_follow();
--> statement-breakpoint
CREATE TRIGGER seo_page_results_updated AFTER UPDATE ON seo_page_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seo_store_figures_follow();
--> statement-breakpoint
CREATE TRIGGER seo_page_results_deleted AFTER DELETE ON seo_page_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seo_store_figures_follow();
--> statement-breakpoint
-- The sums of the stores audited before this migration.
INSERT INTO seo_store_figures (shop_id, language, kind, pages, score_sum, errors, warnings, infos,
  translation_fields, translated, translations_outdated, translations_same_as_source)
SELECT shop_id, language, kind, count(*), sum(score), sum(errors), sum(warnings), sum(infos),
  sum(translation_fields), sum(translated), sum(translations_outdated),
  sum(translations_same_as_source)
FROM seo_page_results GROUP BY shop_id, language, kind;
--> statement-breakpoint
INSERT INTO seo_store_check_pages (shop_id, language, check_id, pages)
SELECT shop_id, language, check_id, count(*)
FROM seo_page_results, unnest(check_ids) AS check_id GROUP BY shop_id, language, check_id;
