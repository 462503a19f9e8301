CREATE TABLE "avatar_library_stats" (
	"library_model_id" integer PRIMARY KEY NOT NULL,
	"stats" jsonb NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
