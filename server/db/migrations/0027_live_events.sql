CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"shop_id" uuid,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_owner_uid_id_idx" ON "live_events" USING btree ("owner_uid","id");--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");