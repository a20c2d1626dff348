CREATE TABLE "catalog_articles" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"blog_gid" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"body" text NOT NULL,
	"summary" text,
	"author_name" text,
	"image_url" text,
	"image_alt" text,
	"seo_title" text,
	"seo_description" text,
	"is_published" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_articles_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_blogs" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_blogs_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_collections" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"description_html" text NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"image_url" text,
	"image_alt" text,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_collections_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_media" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"product_gid" text NOT NULL,
	"media_content_type" text NOT NULL,
	"alt" text,
	"url" text,
	"position" bigint NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_media_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_pages" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"body" text NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"is_published" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_pages_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"description_html" text NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"status" text NOT NULL,
	"product_type" text NOT NULL,
	"vendor" text NOT NULL,
	"tags" text[] NOT NULL,
	"online_store_url" text,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_products_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_shops" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"gid" text NOT NULL,
	"name" text NOT NULL,
	"myshopify_domain" text NOT NULL,
	"primary_domain_host" text NOT NULL,
	"primary_domain_url" text NOT NULL,
	"currency_code" text NOT NULL,
	"iana_timezone" text NOT NULL,
	"locales" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sync_states" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"error_code" text,
	"run" integer DEFAULT 0 NOT NULL,
	"run_locales" text[] DEFAULT '{}' NOT NULL,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_reconciled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_tombstones" (
	"shop_id" uuid NOT NULL,
	"gid" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_tombstones_shop_id_gid_pk" PRIMARY KEY("shop_id","gid")
);
--> statement-breakpoint
CREATE TABLE "catalog_translations" (
	"shop_id" uuid NOT NULL,
	"resource_gid" text NOT NULL,
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text,
	"digest" text,
	"outdated" boolean NOT NULL,
	"updated_at" timestamp with time zone,
	"seen_in_run" integer NOT NULL,
	CONSTRAINT "catalog_translations_shop_id_resource_gid_locale_key_pk" PRIMARY KEY("shop_id","resource_gid","locale","key")
);
--> statement-breakpoint
CREATE INDEX "catalog_media_product_idx" ON "catalog_media" USING btree ("shop_id","product_gid");