-- The interview view's is_interview_ai (the assistant started the document or saved answers into
-- it) and is_sf_action (a Simple Fund 360 action succeeded for it, e.g. its contacts validated).
-- Documents made before are marked neither: nothing recorded either then.
ALTER TABLE "documents" ADD COLUMN "is_interview_ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "is_sf_action" boolean DEFAULT false NOT NULL;
