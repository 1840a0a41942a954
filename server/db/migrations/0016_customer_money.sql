CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"invoice_id" integer,
	"reference" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"saved_card_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "account_payments_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "venue_wallet_settings" (
	"venue_id" integer PRIMARY KEY NOT NULL,
	"top_up_min" numeric(10, 2) NOT NULL,
	"top_up_max" numeric(10, 2) NOT NULL,
	"top_up_step" numeric(10, 2) NOT NULL,
	"qpoints_per_unit" numeric(10, 2) NOT NULL,
	"credit_grace_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "masked_number" text;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_invoice_id_credit_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."credit_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_wallet_settings" ADD CONSTRAINT "venue_wallet_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payments_customer_idx" ON "account_payments" USING btree ("customer_id","created_at");