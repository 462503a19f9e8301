CREATE TABLE "avatars" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"look" jsonb,
	"model_filename" text,
	"model_format" text,
	"original_key" text,
	"model_key" text,
	"model_bytes" bigint DEFAULT 0 NOT NULL,
	"model_status" text,
	"model_stats" jsonb,
	"failure_reason" text,
	"failure_value" integer,
	"job_id" integer,
	"preview_key" text,
	"status" text DEFAULT 'alternative' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"password" text NOT NULL,
	"key_hash" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"projection" text DEFAULT '360' NOT NULL,
	"keep_recording" boolean DEFAULT false NOT NULL,
	"viewer_peak" integer DEFAULT 0 NOT NULL,
	"recording_asset_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_streams_password_ck" CHECK ("live_streams"."password" ~ '^[0-9]{6}$'),
	CONSTRAINT "live_streams_peak_ck" CHECK ("live_streams"."viewer_peak" >= 0)
);
--> statement-breakpoint
CREATE TABLE "combos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_tc" text NOT NULL,
	"name_en" text NOT NULL,
	"level" text NOT NULL,
	"period" text NOT NULL,
	"price_cents" integer NOT NULL,
	"max_projects" integer,
	"storage_bytes" bigint NOT NULL,
	"live_streaming" boolean DEFAULT false NOT NULL,
	"custom_avatars" integer DEFAULT 0 NOT NULL,
	"model_library" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"combo_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"level" text NOT NULL,
	"period" text NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_out_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'wait' NOT NULL,
	"method_type" text NOT NULL,
	"method_details" jsonb NOT NULL,
	"method_display" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"decider_id" integer,
	"decider_name" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_out_amount_ck" CHECK ("cash_out_requests"."amount_cents" > 0),
	CONSTRAINT "cash_out_state_ck" CHECK ("cash_out_requests"."state" in ('wait', 'success', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "coin_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"rule" text,
	"ref" text,
	"exchange_id" integer,
	"exchange_kind" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"coins" integer NOT NULL,
	"cash_cents" integer DEFAULT 0 NOT NULL,
	"coupon_cdk" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_rules" (
	"rule" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"daily_cap" integer DEFAULT 0 NOT NULL,
	"total_cap" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"details" jsonb NOT NULL,
	"display" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_bans" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"banned_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"instance" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"project_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"room_type" text DEFAULT 'open' NOT NULL,
	"capacity" integer DEFAULT 50 NOT NULL,
	"access" text DEFAULT 'public' NOT NULL,
	"password_hash" text,
	"invite_token" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"stage" jsonb DEFAULT '{"presenter":null,"follow":null}'::jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visit_seconds" bigint DEFAULT 0 NOT NULL,
	"closed_visits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "world_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"instance" integer NOT NULL,
	"user_id" integer,
	"guest_id" text,
	"name" text NOT NULL,
	"role" text DEFAULT 'visitor' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"self_muted" boolean DEFAULT false NOT NULL,
	"hand_raised_at" timestamp with time zone,
	"node_id" text NOT NULL,
	"socket_id" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"seconds" integer
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plan_line" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "cash_out_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "coin_exchange_id" integer;--> statement-breakpoint
CREATE INDEX "avatars_user_idx" ON "avatars" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "avatars_in_use_uq" ON "avatars" USING btree ("user_id") WHERE "avatars"."status" = 'in_use';--> statement-breakpoint
CREATE UNIQUE INDEX "avatars_default_uq" ON "avatars" USING btree ("user_id") WHERE "avatars"."is_default";--> statement-breakpoint
CREATE INDEX "live_chat_messages_stream_idx" ON "live_chat_messages" USING btree ("stream_id","id");--> statement-breakpoint
CREATE INDEX "live_streams_owner_idx" ON "live_streams" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "live_streams_created_idx" ON "live_streams" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "combos_seed_key_uq" ON "combos" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "combos_list_idx" ON "combos" USING btree ("enabled","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_order_uq" ON "plan_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "plan_purchases_user_idx" ON "plan_purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "plan_purchases_combo_idx" ON "plan_purchases" USING btree ("combo_id");--> statement-breakpoint
CREATE INDEX "cash_out_user_idx" ON "cash_out_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_out_state_idx" ON "cash_out_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "coin_entries_user_idx" ON "coin_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_entries_award_uq" ON "coin_entries" USING btree ("user_id","rule","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_entries_exchange_uq" ON "coin_entries" USING btree ("exchange_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_exchanges_key_uq" ON "coin_exchanges" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_exchanges_user_idx" ON "coin_exchanges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "world_bans_entry_user_uq" ON "world_bans" USING btree ("entry_id","user_id");--> statement-breakpoint
CREATE INDEX "world_chat_entry_idx" ON "world_chat" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "world_chat_user_idx" ON "world_chat" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "world_chat_created_idx" ON "world_chat" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "world_entries_weight_idx" ON "world_entries" USING btree ("weight" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "world_roles_entry_user_uq" ON "world_roles" USING btree ("entry_id","user_id");--> statement-breakpoint
CREATE INDEX "world_visits_open_idx" ON "world_visits" USING btree ("entry_id","instance") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "world_visits_node_idx" ON "world_visits" USING btree ("node_id") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "world_visits_user_idx" ON "world_visits" USING btree ("user_id","entry_id");--> statement-breakpoint
CREATE INDEX "world_visits_joined_idx" ON "world_visits" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_action_idx" ON "audit_log" USING btree ("actor_id","action","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_cash_out_uq" ON "ledger_entries" USING btree ("kind","cash_out_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_coin_exchange_uq" ON "ledger_entries" USING btree ("kind","coin_exchange_id");--> statement-breakpoint
-- Forum search text in the search form of the market and the library (lower-cased,
-- every CJK character tripled), so one- and two-character Chinese words have trigrams the pg_trgm indexes serve.
-- New and edited posts and titles are written in this form by the forum service; this rewrites the stored ones.
UPDATE "forum_threads" SET "search_text" = regexp_replace(lower("title"), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])', '\1\1\1', 'g') WHERE "title" ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]';--> statement-breakpoint
UPDATE "forum_posts" SET "search_text" = regexp_replace(lower("body"), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])', '\1\1\1', 'g') WHERE "body" ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]';
