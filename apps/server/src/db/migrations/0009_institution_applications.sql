CREATE TABLE "institution_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_type" text NOT NULL,
	"certificate" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decider_id" integer,
	"decider_name" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_applications_pending_uq" ON "institution_applications" USING btree ("user_id") WHERE "institution_applications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "institution_applications_state_idx" ON "institution_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "institution_applications_user_idx" ON "institution_applications" USING btree ("user_id","created_at");