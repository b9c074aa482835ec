-- The operator console's "integrations failing" queue (issue 37 item 7): a connection records
-- since when its tokens could not be renewed and why, in plain words; a failed sync, when it failed.
ALTER TABLE "integration_connections" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD COLUMN "last_error" text;--> statement-breakpoint
UPDATE "integration_connections" SET "failing_since" = "updated_at", "last_error" = 'The app refused to renew the connection (its authorisation expired or was revoked): the person must connect again.' WHERE "status" = 'needs_renewal';--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "integration_syncs" SET "failed_at" = "created_at" WHERE "status" = 'failed';--> statement-breakpoint
-- Files a mail carries (the tax invoice PDF), written with the mail and removed with its body
-- when the retention period passes.
CREATE TABLE "mail_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mail_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");
