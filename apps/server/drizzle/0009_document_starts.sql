CREATE TYPE "public"."start_consumed" AS ENUM('order', 'plan_use', 'full_access', 'free');--> statement-breakpoint
CREATE TABLE "document_starts" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer,
	"consumed" "start_consumed" NOT NULL,
	"acknowledgement" text,
	"acknowledgement_date" text,
	"acknowledgement_user" text,
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_starts" ADD CONSTRAINT "document_starts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_starts" ADD CONSTRAINT "document_starts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_starts" ADD CONSTRAINT "document_starts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_starts" ADD CONSTRAINT "document_starts_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_starts_team_idx" ON "document_starts" USING btree ("team_id","started_at");