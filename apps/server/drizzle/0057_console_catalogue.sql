-- The operator console's catalogue area (issue 37 items 3 and 4).
-- A product's version: an edit names the version it was read at, so of two edits made at once
-- one wins and the other is refused (409) instead of silently undoing the first.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A new database runs every migration in one transaction, and 0024's categories still have
-- deferred trigger events waiting, which ALTER TABLE refuses: run them now, then defer again
-- (every deferrable trigger here is INITIALLY DEFERRED) at the end of this file.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- Once staff edit a category, or a category's plan rules, the database is their source: the
-- start-up seed leaves them as staff left them (as it leaves a product whose version moved).
ALTER TABLE "product_categories" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "rules_edited_at" timestamp with time zone;--> statement-breakpoint
-- Coupons staff can end: an expiry and a switch, both checked where a code is applied.
ALTER TABLE "coupons" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A product's history is its audit entries: read by target, newest first.
CREATE INDEX "staff_audit_log_target_idx" ON "staff_audit_log" USING btree ("target","at");--> statement-breakpoint
-- The FAQ is a kept catalogue reply and plan rules decide what each firm's list offers: staff
-- now change both while servers run, so their changes are announced as the catalogue's (0036).
CREATE TRIGGER product_faqs_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_faqs
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();--> statement-breakpoint
CREATE TRIGGER plan_category_rules_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_category_rules
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();--> statement-breakpoint
SET CONSTRAINTS ALL DEFERRED;
