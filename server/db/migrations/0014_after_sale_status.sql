CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "is_booking_approved" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "cid_approved" integer;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "is_cid_approved" integer;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "check_in_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_bookings" ADD COLUMN "check_out_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");