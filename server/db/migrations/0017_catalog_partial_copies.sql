ALTER TABLE "catalog_sync_states" ADD COLUMN "partial_kinds" text[] DEFAULT '{}' NOT NULL;
