-- Template versions (issue 37 item 2). The folders under templates/ stay version 1 of each
-- template; a version uploaded from the console is a row with its files' text and its checks.
-- At most one published row per template: with none, the starter folder (version 1) is current.
CREATE TYPE "public"."template_version_status" AS ENUM('draft', 'scheduled', 'published', 'retired');--> statement-breakpoint
CREATE TABLE "template_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"version" integer NOT NULL,
	"status" "template_version_status" DEFAULT 'draft' NOT NULL,
	"note" text NOT NULL,
	"interview" text NOT NULL,
	"body" text NOT NULL,
	"sample_answers" text NOT NULL,
	"preconditions" text NOT NULL,
	"content_hash" text NOT NULL,
	"checks" jsonb NOT NULL,
	"checks_passed" boolean NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" integer,
	CONSTRAINT "template_versions_version_check" CHECK ("template_versions"."version" >= 2)
);
--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_uploaded_by_staff_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_published_by_staff_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_identifier_version_idx" ON "template_versions" USING btree ("identifier","version");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_one_published_idx" ON "template_versions" USING btree ("identifier") WHERE "template_versions"."status" = 'published';--> statement-breakpoint
-- The version a document was made from. Existing documents were made from the starter folders.
ALTER TABLE "documents" ADD COLUMN "template_version" integer;--> statement-breakpoint
UPDATE "documents" SET "template_version" = 1 WHERE "x_template_id" IS NOT NULL;--> statement-breakpoint
-- Every path that creates a document (a start, an order, a copy, the demo) records the version
-- current at that moment, in the same statement: none of them can forget it.
CREATE FUNCTION "documents_template_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.x_template_id IS NOT NULL AND NEW.template_version IS NULL THEN
    NEW.template_version := coalesce(
      (SELECT version FROM template_versions WHERE identifier = NEW.x_template_id AND status = 'published'),
      1);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_template_version" BEFORE INSERT ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "documents_template_version"();
