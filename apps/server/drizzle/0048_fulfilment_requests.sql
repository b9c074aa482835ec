-- Legal review and hard copy requests on documents (issue 33 item 1): each with the order that pays
-- for it; one unpaid request of each kind per document; the list shows each document's newest
-- request of each kind, so its changes move the firm's lists.
CREATE TYPE "public"."fulfilment_kind" AS ENUM('legal_review', 'hard_copy');--> statement-breakpoint
CREATE TYPE "public"."fulfilment_status" AS ENUM('requested', 'paid', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "fulfilment_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fulfilment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"kind" "fulfilment_kind" NOT NULL,
	"status" "fulfilment_status" DEFAULT 'requested' NOT NULL,
	"order_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"copies" integer,
	"unit_cents" integer,
	"shipping_id" text,
	"shipping_label" text,
	"shipping_cents" integer,
	"address" jsonb,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fulfilment_requests_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "fulfilment_requests" ADD CONSTRAINT "fulfilment_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_requests" ADD CONSTRAINT "fulfilment_requests_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_requests" ADD CONSTRAINT "fulfilment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_requests" ADD CONSTRAINT "fulfilment_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfilment_requests_doc_idx" ON "fulfilment_requests" USING btree ("team_id","doc_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilment_requests_one_unpaid_idx" ON "fulfilment_requests" USING btree ("doc_id","kind") WHERE status = 'requested';--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fulfilment_requests_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.fulfilment_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
