CREATE TABLE "admission_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"holder" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_tickets_seat_idx" ON "admission_tickets" USING btree ("order_line_id","seat");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_tickets_code_idx" ON "admission_tickets" USING btree ("code");