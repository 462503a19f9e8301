DROP INDEX "reports_open_uq";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_type" text DEFAULT 'project' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_id" integer;--> statement-breakpoint
UPDATE "reports" SET "target_id" = "project_id";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handler_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_target_uq" ON "reports" USING btree ("target_type","target_id","user_id") WHERE "reports"."status" = 'open';