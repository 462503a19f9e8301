CREATE TABLE "message_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"sender_name" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"audience" text NOT NULL,
	"role" text,
	"user_ids" jsonb,
	"member_of" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_pushes_sender_idx" ON "message_pushes" USING btree ("sender_id","created_at");