-- Blobs are read a slice at a time while a download streams (substring of content). Stored
-- uncompressed out of line, each slice reads only its own TOAST chunks; compressed, every slice
-- would decompress from the start. PDF and Word files are compressed already, so little is lost.
-- Applies to blobs stored from now on; no rewrite of the table.
ALTER TABLE "file_blobs" ALTER COLUMN "content" SET STORAGE EXTERNAL;
