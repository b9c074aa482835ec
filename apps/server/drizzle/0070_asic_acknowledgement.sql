-- The start wizard reopened on a registration records the acknowledgement it asks for (issue 33): who accepted, when, and the text accepted.
ALTER TABLE "asic_name_applications" ADD COLUMN "acknowledgement" text;--> statement-breakpoint
ALTER TABLE "asic_name_applications" ADD COLUMN "acknowledgement_date" text;--> statement-breakpoint
ALTER TABLE "asic_name_applications" ADD COLUMN "acknowledgement_user" text;
