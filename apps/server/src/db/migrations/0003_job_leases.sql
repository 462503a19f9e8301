ALTER TABLE "jobs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("status","lease_until");