CREATE TABLE "library_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_tc" text NOT NULL,
	"name_en" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"clips" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"glb_key" text,
	"thumb_key" text,
	"triangles" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"size" jsonb DEFAULT '[0,0,0]'::jsonb NOT NULL,
	"gen_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_models_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "library_models_category_idx" ON "library_models" USING btree ("category","id") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "library_models_tags_idx" ON "library_models" USING gin ("tags") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "library_models_search_idx" ON "library_models" USING gin ("search_text" gin_trgm_ops) WHERE not hidden;--> statement-breakpoint
CREATE INDEX "library_models_kind_idx" ON "library_models" USING btree ("kind","id") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "library_models_unbuilt_idx" ON "library_models" USING btree ("id") WHERE glb_key is null;