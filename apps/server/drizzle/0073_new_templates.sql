-- A brand-new template uploaded from the console (issue 37 item 2): its version 1 is a row, with
-- the catalogue entry a starter keeps in its folder's catalogue.json. Starters' rows stay 2 and up
-- (the console refuses an identifier a starter folder has), so a version-1 row marks a new template.
ALTER TABLE "template_versions" DROP CONSTRAINT "template_versions_version_check";--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_version_check" CHECK ("template_versions"."version" >= 1);--> statement-breakpoint
ALTER TABLE "template_versions" ADD COLUMN "catalogue" text;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_catalogue_check" CHECK (("template_versions"."version" = 1) = ("template_versions"."catalogue" IS NOT NULL));--> statement-breakpoint
-- Each server keeps which templates were uploaded as new, and which version of each is published,
-- in memory while the catalogue is unchanged: a version uploaded, published, retired or scheduled
-- is announced as the catalogue's change (0036), so every server's library sees it at once.
CREATE TRIGGER template_versions_catalogue_changed AFTER INSERT OR UPDATE OF status ON template_versions
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();
