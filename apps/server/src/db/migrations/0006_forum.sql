CREATE TABLE "forum_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"name_zh" text NOT NULL,
	"name_tc" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_tc" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_boards_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"quote_id" integer,
	"is_first" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reads" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"project_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"solution_post_id" integer,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_poster_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "forum_posts_thread_idx" ON "forum_posts" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_text" gin_trgm_ops) WHERE "forum_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forum_threads_board_idx" ON "forum_threads" USING btree ("board_id","pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forum_threads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forum_threads_all_idx" ON "forum_threads" USING btree ("pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forum_threads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forum_threads_search_idx" ON "forum_threads" USING gin ("search_text" gin_trgm_ops) WHERE "forum_threads"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_threads_project_uq" ON "forum_threads" USING btree ("project_id");