-- Catalogue search (`search_text LIKE '%text%'`, search_text being lower-cased) uses a trigram
-- index where the server offers pg_trgm, as document names do (0002): measured on 5,000 products,
-- 44 ms for a seq scan against 5 ms with the index (bench/catalogue.ts). On PGlite it does nothing
-- and searches scan the few starter products. Not in the Drizzle schema: it exists only where the
-- extension does.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm could not be installed (%); catalogue search will scan instead', SQLERRM;
END $$;
