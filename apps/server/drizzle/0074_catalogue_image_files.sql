-- Catalogue images the catalogue stored, and since when each is unused (issue 37 loose end 1): an image
-- no product or category has named for 24 hours is deleted from the FileStore by a job.
CREATE TABLE "catalogue_image_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	"unused_since" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "catalogue_image_files_unused_idx" ON "catalogue_image_files" USING btree ("unused_since");--> statement-breakpoint
-- The images uploaded before this table: the ones products and categories show (in use), and the
-- ones the console's audit log says were set once and no longer shown (unused from now, so they get
-- their full grace period). Their blobs exist: an image is stored before it is set.
INSERT INTO "catalogue_image_files" ("sha256", "stored_at", "unused_since")
SELECT DISTINCT substring(url from 23), now(), NULL::timestamptz
FROM (
	SELECT "image_url" AS url FROM "products"
	UNION SELECT "image_url" FROM "product_categories"
) used
WHERE url LIKE '/api/catalogue/images/%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "catalogue_image_files" ("sha256", "stored_at", "unused_since")
SELECT DISTINCT substring("after"->>'image_url' from 23), now(), now()
FROM "staff_audit_log"
WHERE "action" IN ('product.image_set', 'category.image_set')
	AND "after"->>'image_url' LIKE '/api/catalogue/images/%'
	AND substring("after"->>'image_url' from 23) IN (SELECT "sha256" FROM "file_blobs")
ON CONFLICT DO NOTHING;
