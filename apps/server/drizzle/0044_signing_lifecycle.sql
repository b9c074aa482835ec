-- The signing lifecycle (issue 29): a request the sender cancels keeps its reason; each private
-- link is kept sealed (AES-GCM under SECRET_KEY, bound to its hash) so "your turn" emails and
-- reminders re-send the same link, while the link is still looked up by its SHA-256 alone; a
-- witness's address, asked on the signing page, is printed on the signed PDF.
ALTER TABLE "signing_envelopes" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
ALTER TABLE "signing_recipients" ADD COLUMN "token_sealed" text;
--> statement-breakpoint
ALTER TABLE "signing_recipients" ADD COLUMN "address" text;
