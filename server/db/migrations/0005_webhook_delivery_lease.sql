ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unprocessed_received_at_idx" ON "webhook_deliveries" USING btree ("received_at") WHERE "webhook_deliveries"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_processed_at_idx" ON "webhook_deliveries" USING btree ("processed_at");