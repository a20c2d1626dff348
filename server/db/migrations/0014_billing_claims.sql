CREATE TABLE "billing_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
