-- file_blobs stays the list of every stored file (other tables' foreign keys name it); with
-- FILE_STORE=s3 the bytes are in the bucket and content is NULL here.
ALTER TABLE "file_blobs" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
-- Blobs are read a slice at a time while a download streams (substring of content). Stored
-- uncompressed out of line, each slice reads only its own TOAST chunks; compressed, every slice
-- would decompress from the start. PDF and Word files are compressed already, so little is lost.
-- Applies to blobs stored from now on; no rewrite of the table.
ALTER TABLE "file_blobs" ALTER COLUMN "content" SET STORAGE EXTERNAL;
