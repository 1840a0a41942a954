CREATE TABLE "booking_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"line_kind" text,
	"venue_service_id" integer,
	"product_id" integer,
	"item_id" integer,
	"free_until_hours" integer NOT NULL,
	"fee_percent" numeric(5, 2) NOT NULL,
	"no_cancel_within_hours" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_venue_service_id_venue_services_id_fk" FOREIGN KEY ("venue_service_id") REFERENCES "public"."venue_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_policies_venue_idx" ON "booking_policies" USING btree ("venue_id");