CREATE TABLE "cart_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_holds" ADD COLUMN "client_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_sessions" ADD CONSTRAINT "cart_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_sessions_last_used_idx" ON "cart_sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "cart_holds_address_idx" ON "cart_holds" USING btree ("venue_id","client_address");