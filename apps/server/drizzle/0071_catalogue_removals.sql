-- The console creates products and removes products and categories (issue 37 item 3).
-- A console product may assemble one of the library's templates under a key of its own: the
-- template identifier stays the product's unique key (the seed's), and this names the template
-- its documents are made from (null: its key is the template, as for every seeded product).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "assembles" text;--> statement-breakpoint
-- A SKU is unique whatever its case: of two creates of one SKU at once, one fails here (409).
CREATE UNIQUE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku"));--> statement-breakpoint
-- What staff deleted of the library's seed (a category's slug, a product's template identifier):
-- the start-up seed never makes these again.
CREATE TABLE "catalogue_tombstones" (
	"kind" text NOT NULL,
	"seed_key" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalogue_tombstones_pkey" PRIMARY KEY("kind","seed_key"),
	CONSTRAINT "catalogue_tombstones_kind_check" CHECK ("kind" in ('category', 'product'))
);--> statement-breakpoint
SET CONSTRAINTS ALL DEFERRED;
