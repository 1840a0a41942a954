CREATE TABLE "academies" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"description" text,
	"ar_description" text,
	"image_path" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"location" text,
	"ar_location" text,
	"min_age" integer,
	"max_age" integer,
	"price" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "carousel_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"ar_title" text,
	"subtitle" text,
	"ar_subtitle" text,
	"image" text NOT NULL,
	"link" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"mobile" text,
	"country_code" text DEFAULT '971',
	"b2b_id" integer,
	"b2b_type" text,
	"membership_card_number" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"profile_image" text,
	"dob" date,
	"gender" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"description" text,
	"ar_description" text,
	"image_path" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"ar_location" text,
	"price" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" integer NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"ar_title" text,
	"content" text NOT NULL,
	"ar_content" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainers" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"description" text,
	"ar_description" text,
	"image_path" text,
	"specialty" text,
	"ar_specialty" text,
	"session_minutes" integer,
	"session_price" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"vtoken" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_code_unique" UNIQUE("code"),
	CONSTRAINT "venues_vtoken_unique" UNIQUE("vtoken")
);
--> statement-breakpoint
ALTER TABLE "academies" ADD CONSTRAINT "academies_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainers" ADD CONSTRAINT "trainers_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academies_venue_idx" ON "academies" USING btree ("venue_id","start_date");--> statement-breakpoint
CREATE INDEX "auth_tokens_customer_idx" ON "auth_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "carousel_items_venue_sort_idx" ON "carousel_items" USING btree ("venue_id","sort");--> statement-breakpoint
CREATE INDEX "events_venue_idx" ON "events" USING btree ("venue_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_venue_slug_idx" ON "pages" USING btree ("venue_id","slug");--> statement-breakpoint
CREATE INDEX "trainers_venue_idx" ON "trainers" USING btree ("venue_id");