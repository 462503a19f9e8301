ALTER TABLE "library_models" ADD COLUMN "group_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "variant" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "pack" text;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "library_models" ADD COLUMN "source_hash" text;--> statement-breakpoint
CREATE INDEX "library_models_group_idx" ON "library_models" USING btree ("group_key","id") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "library_models_source_hash_idx" ON "library_models" USING btree ("source_hash");--> statement-breakpoint
UPDATE "library_models" SET "group_key" = CASE WHEN "source" = 'generated' THEN 'gen:' || split_part("key", ':', 2) ELSE "key" END WHERE "group_key" = '';
