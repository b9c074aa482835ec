-- The company kit made from a registered company's application: when, by whom, and its documents.
ALTER TABLE "asic_applications" ADD COLUMN "kit_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD COLUMN "kit_created_by" integer;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD COLUMN "kit_doc_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD CONSTRAINT "asic_applications_kit_created_by_users_id_fk" FOREIGN KEY ("kit_created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
