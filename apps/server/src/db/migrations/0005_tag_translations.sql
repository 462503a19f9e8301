ALTER TABLE "tags" ADD COLUMN "name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_tc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;