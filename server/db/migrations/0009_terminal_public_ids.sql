ALTER TABLE "terminals" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_public_id_unique" UNIQUE("public_id");