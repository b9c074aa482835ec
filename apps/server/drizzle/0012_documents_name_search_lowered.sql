ALTER TABLE "documents" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
-- Name search now matches `name_lower LIKE lower(pattern)`: the trigram index moves to that
-- column. As in 0002, only where the server offers pg_trgm; PGlite scans.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS documents_name_lower_trgm_idx ON documents USING gin (name_lower gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS documents_name_trgm_idx;
