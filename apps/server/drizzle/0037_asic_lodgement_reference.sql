-- A lodgement's client reference, sent to the regulator, and what was lodged: a lodgement
-- interrupted by a crash is found again by its reference and recorded, or sent once.
ALTER TABLE "asic_applications" ADD COLUMN "client_reference" text;--> statement-breakpoint
ALTER TABLE "asic_applications" ADD COLUMN "lodged_application" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "asic_applications_client_reference_unique" ON "asic_applications" USING btree ("client_reference");--> statement-breakpoint
ALTER TABLE "asic_sandbox_lodgements" ADD COLUMN "client_reference" text;--> statement-breakpoint
ALTER TABLE "asic_sandbox_lodgements" ADD COLUMN "doc_id" integer;--> statement-breakpoint
ALTER TABLE "asic_sandbox_lodgements" ADD CONSTRAINT "asic_sandbox_lodgements_client_reference_unique" UNIQUE("client_reference");
