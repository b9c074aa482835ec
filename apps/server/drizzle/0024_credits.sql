CREATE TABLE "credit_usages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_usages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"used" integer NOT NULL,
	"document_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"cap_qty" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_purchases_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "credit_usages" ADD CONSTRAINT "credit_usages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_usages" ADD CONSTRAINT "credit_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_usages_team_idx" ON "credit_usages" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_purchases_team_idx" ON "credit_purchases" USING btree ("team_id","created_at");--> statement-breakpoint
-- The credit packages (shop products of the hidden Cap Category, their credits in meta cap_qty).
-- Inserted once: the shop owns them afterwards (prices change there, not here).
INSERT INTO "product_categories" ("slug", "name", "hidden", "sort_order")
VALUES ('cap-category', 'Cap Category', true, 1000)
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
INSERT INTO "products" ("template_identifier", "sku", "name", "price_cents", "description", "short_description", "status", "meta_data", "allow_download_pdf", "allow_download_word", "search_text")
VALUES
	('credit-package-10', 'CREDIT-10', '10 Credits', 22000, '10 document credits for the Best Practice plan.', '$22.00 a document', 'publish', '[{"key":"cap_qty","value":"10"}]', false, false, '10 credits'),
	('credit-package-25', 'CREDIT-25', '25 Credits', 50000, '25 document credits for the Best Practice plan.', '$20.00 a document', 'publish', '[{"key":"cap_qty","value":"25"}]', false, false, '25 credits'),
	('credit-package-50', 'CREDIT-50', '50 Credits', 90000, '50 document credits for the Best Practice plan.', '$18.00 a document', 'publish', '[{"key":"cap_qty","value":"50"}]', false, false, '50 credits'),
	('credit-package-100', 'CREDIT-100', '100 Credits', 165000, '100 document credits for the Best Practice plan.', '$16.50 a document', 'publish', '[{"key":"cap_qty","value":"100"}]', false, false, '100 credits')
ON CONFLICT ("template_identifier") DO NOTHING;--> statement-breakpoint
INSERT INTO "product_category_links" ("product_id", "category_id")
SELECT p."id", c."id" FROM "products" p, "product_categories" c
WHERE c."slug" = 'cap-category' AND p."template_identifier" LIKE 'credit-package-%'
ON CONFLICT DO NOTHING;
