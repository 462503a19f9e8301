CREATE TABLE "project_scenes" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"draft_version" integer NOT NULL,
	"draft_hash" text NOT NULL,
	"submitted_version" integer,
	"published_version" integer,
	"review_state" text DEFAULT 'none' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"stats" jsonb NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scene_revisions_project_version_uq" ON "scene_revisions" USING btree ("project_id","version");