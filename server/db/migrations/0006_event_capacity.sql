ALTER TABLE "events" ADD COLUMN "capacity" integer;
