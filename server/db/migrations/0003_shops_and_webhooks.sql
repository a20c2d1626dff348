CREATE TABLE "shop_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"session_binding" text NOT NULL,
	"shop_domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"shop_domain" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"scopes" text NOT NULL,
	"access_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_encrypted" text,
	"refresh_token_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_shop_domain_unique" UNIQUE("shop_domain")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"webhook_id" text NOT NULL,
	"topic" text NOT NULL,
	"shop_domain" text NOT NULL,
	"triggered_at" timestamp with time zone,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_provider_webhook_id_unique" UNIQUE("provider","webhook_id")
);
--> statement-breakpoint
CREATE INDEX "shop_oauth_states_expires_at_idx" ON "shop_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shops_owner_uid_idx" ON "shops" USING btree ("owner_uid");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_at_idx" ON "webhook_deliveries" USING btree ("received_at");