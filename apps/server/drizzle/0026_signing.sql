CREATE TABLE "signing_envelopes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signing_envelopes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"sender_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"sms_notify" boolean NOT NULL,
	"is_group" boolean NOT NULL,
	"due_date" date NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"original_sha256" text NOT NULL,
	"fields" jsonb NOT NULL,
	"signed_sha256" text,
	"provider_bundle_id" text,
	"last_reminder_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"envelope_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"recipient_id" integer,
	"action" text NOT NULL,
	"description" text NOT NULL,
	"note" text,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signing_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"envelope_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"role" text NOT NULL,
	"witness_of_recipient_id" integer,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"meta_key" text NOT NULL,
	"date_key" text NOT NULL,
	"group_index" smallint NOT NULL,
	"group_name" text NOT NULL,
	"is_last_signer" boolean NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"viewed_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"signature" jsonb,
	"witnessed_by" text,
	"auth_method" text,
	"signed_ip" text,
	"signed_user_agent" text,
	"sms_code_hash" text,
	"sms_code_expires_at" timestamp with time zone,
	"sms_attempts" smallint DEFAULT 0 NOT NULL,
	"sms_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signing_recipients_group_check" CHECK ("signing_recipients"."group_index" between 0 and 8)
);
--> statement-breakpoint
ALTER TABLE "signing_envelopes" ADD CONSTRAINT "signing_envelopes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_envelopes" ADD CONSTRAINT "signing_envelopes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_envelopes" ADD CONSTRAINT "signing_envelopes_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_envelope_id_signing_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signing_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_recipient_id_signing_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."signing_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_recipients" ADD CONSTRAINT "signing_recipients_envelope_id_signing_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signing_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_recipients" ADD CONSTRAINT "signing_recipients_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_envelopes_document_idx" ON "signing_envelopes" USING btree ("document_id","sent_at");--> statement-breakpoint
CREATE INDEX "signing_envelopes_team_idx" ON "signing_envelopes" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_envelopes_one_pending_idx" ON "signing_envelopes" USING btree ("document_id") WHERE "signing_envelopes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "signing_events_envelope_idx" ON "signing_events" USING btree ("envelope_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_recipients_token_idx" ON "signing_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_recipients_envelope_idx" ON "signing_recipients" USING btree ("envelope_id","group_index");--> statement-breakpoint
-- Lists show each row's signing state and signed/total (platform/freshness/registry.ts).
CREATE CONSTRAINT TRIGGER signing_envelopes_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.signing_envelopes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER signing_recipients_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.signing_recipients DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
