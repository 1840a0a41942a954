CREATE TABLE "login_attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_known_addresses" (
	"account_key" text NOT NULL,
	"client_address" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_known_addresses_account_key_client_address_pk" PRIMARY KEY("account_key","client_address")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "login_attempt_counters_window_idx" ON "login_attempt_counters" USING btree ("window_ends_at");