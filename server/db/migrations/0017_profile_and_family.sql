ALTER TABLE "customers" ADD COLUMN "nationality_country_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "religion_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "id_proof_type_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "id_proof_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "id_proof_expiry" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "customer_tag_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verified_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "relation" text;