CREATE TABLE "assistant_voice_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"log" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"skipped" jsonb NOT NULL,
	"changed" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_voice_sessions" ADD CONSTRAINT "assistant_voice_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_voice_sessions" ADD CONSTRAINT "assistant_voice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_voice_sessions_owner_idx" ON "assistant_voice_sessions" USING btree ("team_id","user_id");
