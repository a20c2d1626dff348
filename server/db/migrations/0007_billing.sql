CREATE TABLE "billing_customers" (
	"uid" text PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean NOT NULL,
	"past_due_since" timestamp with time zone,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "shop_domain" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "kept_active_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "billing_subscriptions_uid_idx" ON "billing_subscriptions" USING btree ("uid","stripe_created_at");