CREATE TABLE "lead_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"form_name" text NOT NULL,
	"ar_form_name" text,
	"form_description" text,
	"ar_form_description" text,
	"lead_action_list_id" integer NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"lead_action_list_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"pin_hash" text NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"idle_seconds" integer DEFAULT 60 NOT NULL,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"provisioned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_forms" ADD CONSTRAINT "lead_forms_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_venue_key_idx" ON "leads" USING btree ("venue_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_venue_code_idx" ON "terminals" USING btree ("venue_id","code");