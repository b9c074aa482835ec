ALTER TABLE "assistant_threads" ADD COLUMN "mode" text DEFAULT 'assistant' NOT NULL;--> statement-breakpoint
CREATE TABLE "assistant_token_usage" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_token_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "assistant_token_usage" ADD CONSTRAINT "assistant_token_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
