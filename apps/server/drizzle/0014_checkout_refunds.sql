ALTER TYPE "public"."checkout_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refund_reason" text;