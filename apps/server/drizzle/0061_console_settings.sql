-- The operator console's Settings and Announcements areas (issue 37 item 4). A setting edited in
-- the console overrides the environment's default; its history is append-only, as the audit log.
CREATE TABLE "setting_values" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setting_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"before" text,
	"after" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "setting_history_key_idx" ON "setting_history" USING btree ("key","id");--> statement-breakpoint
CREATE FUNCTION "setting_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'setting_history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "setting_history_no_change" BEFORE UPDATE OR DELETE ON "setting_history" FOR EACH ROW EXECUTE FUNCTION "setting_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "setting_history_no_truncate" BEFORE TRUNCATE ON "setting_history" FOR EACH STATEMENT EXECUTE FUNCTION "setting_history_append_only"();--> statement-breakpoint
-- Every server keeps the settings in memory until the change feed hears 'settings'.
CREATE FUNCTION "settings_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('precedent_changes', 'settings');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "setting_values_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "setting_values" FOR EACH STATEMENT EXECUTE FUNCTION "settings_changed_notify"();--> statement-breakpoint
-- Announcements: drafts until published; those made before stay as they were, published.
ALTER TABLE "announcements" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone;
