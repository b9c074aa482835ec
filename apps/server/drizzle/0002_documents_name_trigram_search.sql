-- Document name search (`name ILIKE '%text%'`) uses a trigram index where the server offers
-- pg_trgm (PostgreSQL). PGlite has no pg_trgm unless it is loaded at start-up, so there the
-- migration does nothing and searches scan the firm's documents, which is fine at embedded sizes.
-- The index is not in the Drizzle schema: it exists only where the extension does.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS documents_name_trgm_idx ON documents USING gin (name gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm could not be installed (%); document search will scan instead', SQLERRM;
END $$;
