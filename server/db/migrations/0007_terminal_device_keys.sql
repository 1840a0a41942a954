ALTER TABLE "leads" ADD COLUMN "terminal_id" integer;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "device_key_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;