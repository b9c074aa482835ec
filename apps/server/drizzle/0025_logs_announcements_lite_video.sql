CREATE TABLE "integration_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"doc_id" integer,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"is_success" boolean NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"response_message" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_logs" ADD CONSTRAINT "integration_logs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "integration_logs" ADD CONSTRAINT "integration_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "integration_logs_doc_idx" ON "integration_logs" USING btree ("team_id","doc_id","created_at");
--> statement-breakpoint
CREATE INDEX "integration_logs_team_idx" ON "integration_logs" USING btree ("team_id","created_at");
--> statement-breakpoint
CREATE INDEX "integration_logs_user_idx" ON "integration_logs" USING btree ("team_id","created_by","created_at");
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content" text NOT NULL,
	"url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "announcements_starts_at_idx" ON "announcements" USING btree ("starts_at");
--> statement-breakpoint
CREATE TABLE "lite_video_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lite_video_preferences" ADD CONSTRAINT "lite_video_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- IF NOT EXISTS: the membership work names the plan's video as well; whichever lands first adds it.
ALTER TABLE "plans" ADD COLUMN IF NOT EXISTS "video_url" text;
--> statement-breakpoint
-- The Lite plan's intro video on an installation whose plans exist already (a new one gets it from ensurePlans).
UPDATE "plans" SET "video_url" = '/media/lite-plan-intro.svg' WHERE "slug" = 'ly-basic' AND "video_url" IS NULL;
