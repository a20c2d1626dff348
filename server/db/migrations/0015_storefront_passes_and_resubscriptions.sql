CREATE TABLE "seo_storefront_passes" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"running_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"stop_reason" text
);
--> statement-breakpoint
ALTER TABLE "catalog_sync_states" ADD COLUMN "webhook_subscriptions_recreated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "seo_storefront_passes_owner_idx" ON "seo_storefront_passes" USING btree ("owner_uid");