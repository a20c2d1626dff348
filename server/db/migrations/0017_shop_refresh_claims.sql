ALTER TABLE "shops" ADD COLUMN "refresh_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_claim_expires_at" timestamp with time zone;