CREATE TABLE "addon_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"ar_name" text
);
--> statement-breakpoint
CREATE TABLE "cart_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"facility_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ar_name" text
);
--> statement-breakpoint
CREATE TABLE "customer_additional_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_type" text DEFAULT 'facility' NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_service_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"image" text,
	"per_capacity" boolean DEFAULT false NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"per_day_capacity" boolean DEFAULT false NOT NULL,
	"min_booking_time" integer,
	"surface_id" integer,
	"is_outdoor" boolean DEFAULT false NOT NULL,
	"parent_facility_id" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weekdays" integer DEFAULT 127 NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "facility_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"product_id" integer,
	"customer_id" integer,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_formations" (
	"facility_id" integer NOT NULL,
	"game_formation_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"start_time" text,
	"end_time" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_timings" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"weekdays" integer DEFAULT 127 NOT NULL,
	"channels" integer DEFAULT 7 NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_image_url" text,
	"is_icp_down" boolean DEFAULT false NOT NULL,
	"email" text,
	"mobile" text,
	"country_code" text DEFAULT '971',
	"dob" date,
	"gender" text,
	"nationality" integer,
	"id_proof_type_id" integer,
	"id_proof_number" text,
	CONSTRAINT "family_members_member_id_unique" UNIQUE("member_id")
);
--> statement-breakpoint
CREATE TABLE "game_formations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text
);
--> statement-breakpoint
CREATE TABLE "product_dependencies" (
	"product_id" integer NOT NULL,
	"depends_on_product_id" integer NOT NULL,
	"period" text DEFAULT 'T' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"product_type_id" integer DEFAULT 6 NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"image" text,
	"price" numeric(10, 2) NOT NULL,
	"tax_amount" numeric(10, 2) NOT NULL,
	"participant_count" integer DEFAULT 1 NOT NULL,
	"unit_minutes" integer DEFAULT 60 NOT NULL,
	"inventory_enable" boolean DEFAULT false NOT NULL,
	"inventory_capacity" integer,
	"inventory_period" text,
	"category_id" integer
);
--> statement-breakpoint
CREATE TABLE "surfaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"name" text NOT NULL,
	"ar_name" text
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "venue_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"ar_name" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"map_pin" text,
	"filter_by" integer DEFAULT 0 NOT NULL,
	"game_formation_enabled" boolean,
	"surface_enabled" boolean,
	"outdoor_enabled" boolean,
	"min_booking_time" integer DEFAULT 60 NOT NULL,
	"max_booking_time" integer,
	"time_increment" integer DEFAULT 60 NOT NULL,
	"online_booking_delay" integer DEFAULT 0 NOT NULL,
	"advance_booking_days_limit" integer,
	"per_capacity" boolean DEFAULT false NOT NULL,
	"field_config" jsonb
);
--> statement-breakpoint
ALTER TABLE "addon_categories" ADD CONSTRAINT "addon_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_additional_data" ADD CONSTRAINT "customer_additional_data_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_venue_service_id_venue_services_id_fk" FOREIGN KEY ("venue_service_id") REFERENCES "public"."venue_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_surface_id_surfaces_id_fk" FOREIGN KEY ("surface_id") REFERENCES "public"."surfaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_blocks" ADD CONSTRAINT "facility_blocks_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD CONSTRAINT "facility_bookings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD CONSTRAINT "facility_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD CONSTRAINT "facility_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_formations" ADD CONSTRAINT "facility_formations_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_formations" ADD CONSTRAINT "facility_formations_game_formation_id_game_formations_id_fk" FOREIGN KEY ("game_formation_id") REFERENCES "public"."game_formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_products" ADD CONSTRAINT "facility_products_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_products" ADD CONSTRAINT "facility_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_timings" ADD CONSTRAINT "facility_timings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_owner_id_customers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_member_id_customers_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_formations" ADD CONSTRAINT "game_formations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_dependencies" ADD CONSTRAINT "product_dependencies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_dependencies" ADD CONSTRAINT "product_dependencies_depends_on_product_id_products_id_fk" FOREIGN KEY ("depends_on_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_addon_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."addon_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surfaces" ADD CONSTRAINT "surfaces_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_services" ADD CONSTRAINT "venue_services_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_holds_facility_idx" ON "cart_holds" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "cart_holds_session_idx" ON "cart_holds" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_additional_data_pk" ON "customer_additional_data" USING btree ("customer_id","product_type");--> statement-breakpoint
CREATE INDEX "facilities_service_idx" ON "facilities" USING btree ("venue_service_id","sort");--> statement-breakpoint
CREATE INDEX "facilities_parent_idx" ON "facilities" USING btree ("parent_facility_id");--> statement-breakpoint
CREATE INDEX "facility_blocks_facility_idx" ON "facility_blocks" USING btree ("facility_id","start_date");--> statement-breakpoint
CREATE INDEX "facility_bookings_day_idx" ON "facility_bookings" USING btree ("facility_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_formations_pk" ON "facility_formations" USING btree ("facility_id","game_formation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_products_pk" ON "facility_products" USING btree ("facility_id","product_id");--> statement-breakpoint
CREATE INDEX "facility_timings_facility_idx" ON "facility_timings" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "family_members_owner_idx" ON "family_members" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_dependencies_pk" ON "product_dependencies" USING btree ("product_id","depends_on_product_id");--> statement-breakpoint
CREATE INDEX "products_venue_idx" ON "products" USING btree ("venue_id","kind");--> statement-breakpoint
CREATE INDEX "venue_services_venue_idx" ON "venue_services" USING btree ("venue_id","sort");