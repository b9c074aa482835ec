-- The operator console's firms area (issue 37 item 5): a firm locked by staff, with the reason
-- recorded. While locked its people cannot sign in (their sessions are ended at the lock).
ALTER TABLE "teams" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "lock_reason" text;
