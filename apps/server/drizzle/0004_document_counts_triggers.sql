-- Keeps document_counts equal to the documents table, per statement (a bulk insert of 10,000
-- documents is one upsert of a few hundred counter rows). Each change adds +1 under the new row's
-- key and -1 under the old row's; keys whose change sums to zero (a rename) are left alone. Rows
-- are upserted in key order, so concurrent statements lock counter rows in the same order.
CREATE FUNCTION document_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO document_counts AS c (team_id, created_by, folder_key, status, n)
    SELECT team_id, created_by, coalesce(folder_id, 0), status, count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, created_by, folder_key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO document_counts AS c (team_id, created_by, folder_key, status, n)
    SELECT team_id, created_by, coalesce(folder_id, 0), status, -count(*)::int
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, created_by, folder_key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO document_counts AS c (team_id, created_by, folder_key, status, n)
    SELECT team_id, created_by, folder_key, status, sum(delta)::int
    FROM (
      SELECT team_id, created_by, coalesce(folder_id, 0) AS folder_key, status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT team_id, created_by, coalesce(folder_id, 0), status, -1 FROM old_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, created_by, folder_key, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_counts_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
--> statement-breakpoint
CREATE TRIGGER documents_counts_update AFTER UPDATE ON documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
--> statement-breakpoint
CREATE TRIGGER documents_counts_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
--> statement-breakpoint
-- Documents written before the triggers existed.
INSERT INTO document_counts (team_id, created_by, folder_key, status, n)
SELECT team_id, created_by, coalesce(folder_id, 0), status, count(*)::int FROM documents GROUP BY 1, 2, 3, 4;
