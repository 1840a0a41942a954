ALTER TABLE "countries" ADD COLUMN "iso_2" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "iso_3" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "dialling_code" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "currency_name" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "currency_code" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "currency_symbol" text;