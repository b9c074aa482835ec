-- Imports of a client's data that failed at the app, for the console's integrations queue (issue 37 item 7).
CREATE TABLE "integration_import_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_import_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"app" text NOT NULL,
	"client_id" text NOT NULL,
	"contact_id" text,
	"question_id" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_import_failures" ADD CONSTRAINT "integration_import_failures_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_import_failures" ADD CONSTRAINT "integration_import_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_import_failures_status_idx" ON "integration_import_failures" USING btree ("status","failed_at");
