CREATE TABLE "seat_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_user_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"own_until" timestamp with time zone,
	"granted_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seat_pools" (
	"org_user_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "combos" ADD COLUMN "seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignments_member_uq" ON "seat_assignments" USING btree ("member_user_id");--> statement-breakpoint
CREATE INDEX "seat_assignments_org_idx" ON "seat_assignments" USING btree ("org_user_id","id");--> statement-breakpoint
-- Seeded enterprise plans give 10 member seats per purchase (the contract's PLANS); admins edit it on /system/combo.
UPDATE "combos" SET "seats" = 10 WHERE "seed_key" LIKE 'enterprise:%';
