CREATE TABLE "project_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"key" text NOT NULL,
	"bytes" integer NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_images_key_uq" ON "project_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "project_images_owner_idx" ON "project_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "project_images_unused_idx" ON "project_images" USING btree ("created_at") WHERE not "project_images"."used";