CREATE TABLE "asic_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asic_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"doc_id" integer NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"fee_cents" integer,
	"transaction_number" text,
	"payment_started_at" timestamp with time zone,
	"gateway_locked_until" timestamp with time zone,
	"receipt_number" text,
	"declined_code" text,
	"declined_message" text,
	"paid_at" timestamp with time zone,
	"asic_status" text,
	"lodgement_number" text,
	"lodged_at" timestamp with time zone,
	"lodged_by" integer,
	"acn" text,
	"registration_date" text,
	"certificate_sha256" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "asic_applications_doc_id_unique" UNIQUE("doc_id")
);
--> statement-breakpoint
CREATE TABLE "asic_sandbox_payments" (
	"transaction_number" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"return_url" text NOT NULL,
	"state" text NOT NULL,
	"declined_code" text,
	"declined_message" text,
	"receipt_num" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "asic_sandbox_lodgements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asic_sandbox_lodgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lodgement_number" text NOT NULL,
	"company_name" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"acn" text,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "asic_sandbox_lodgements_lodgement_number_unique" UNIQUE("lodgement_number")
);
--> statement-breakpoint
ALTER TABLE "asic_applications" ADD CONSTRAINT "asic_applications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD CONSTRAINT "asic_applications_doc_id_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD CONSTRAINT "asic_applications_lodged_by_users_id_fk" FOREIGN KEY ("lodged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asic_applications_team_idx" ON "asic_applications" USING btree ("team_id");
