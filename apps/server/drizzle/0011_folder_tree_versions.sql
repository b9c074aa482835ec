ALTER TABLE "firm_versions" ADD COLUMN "folders_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Folder trees keep their own number, `folders_version`: it moves with folders, folder shares,
-- memberships, people's names and the plan, and not with documents, their shares and files,
-- which change all day long (every interview autosave). `version` still moves with everything a
-- document list shows, folders included. Each moves at most once per committing transaction:
-- the firms already counted are remembered in two transaction-local settings.
CREATE FUNCTION firm_version_bump(firm integer, trees boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lists_done text := coalesce(current_setting('precedent.bumped_firms', true), '');
  trees_done text := coalesce(current_setting('precedent.bumped_firm_trees', true), '');
  list_step integer := CASE WHEN position(',' || firm || ',' IN lists_done) > 0 THEN 0 ELSE 1 END;
  tree_step integer := CASE WHEN trees AND position(',' || firm || ',' IN trees_done) = 0 THEN 1 ELSE 0 END;
BEGIN
  IF firm IS NULL OR (list_step = 0 AND tree_step = 0) THEN
    RETURN;
  END IF;
  INSERT INTO firm_versions AS v (team_id, version, folders_version) VALUES (firm, 1, tree_step)
    ON CONFLICT (team_id) DO UPDATE
    SET version = v.version + list_step, folders_version = v.folders_version + tree_step;
  PERFORM pg_notify('precedent_changes', 'firm:' || firm);
  IF list_step = 1 THEN
    PERFORM set_config('precedent.bumped_firms', CASE WHEN lists_done = '' THEN ',' ELSE lists_done END || firm || ',', true);
  END IF;
  IF tree_step = 1 THEN
    PERFORM set_config('precedent.bumped_firm_trees', CASE WHEN trees_done = '' THEN ',' ELSE trees_done END || firm || ',', true);
  END IF;
END $$;
--> statement-breakpoint
-- Rows that carry their firm; the trigger's argument says whether folder trees show them.
CREATE OR REPLACE FUNCTION firm_version_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  trees boolean := TG_ARGV[0] = 'lists and trees';
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM firm_version_bump(OLD.team_id, trees); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM firm_version_bump(NEW.team_id, trees); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION firm_version_user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(m.team_id, true) FROM team_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION firm_version_plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(NEW.id, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION firm_version_bump(integer);
--> statement-breakpoint
DROP TRIGGER documents_firm_version ON documents;
--> statement-breakpoint
DROP TRIGGER document_shares_firm_version ON document_shares;
--> statement-breakpoint
DROP TRIGGER document_files_firm_version ON document_files;
--> statement-breakpoint
DROP TRIGGER folders_firm_version ON folders;
--> statement-breakpoint
DROP TRIGGER folder_shares_firm_version ON folder_shares;
--> statement-breakpoint
DROP TRIGGER team_members_firm_version ON team_members;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_firm_version AFTER INSERT OR UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_shares_firm_version AFTER INSERT OR UPDATE OR DELETE ON document_shares
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_files_firm_version AFTER INSERT OR UPDATE OR DELETE ON document_files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER folders_firm_version AFTER INSERT OR UPDATE OR DELETE ON folders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists and trees');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER folder_shares_firm_version AFTER INSERT OR UPDATE OR DELETE ON folder_shares
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists and trees');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_firm_version AFTER INSERT OR UPDATE OR DELETE ON team_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('lists and trees');
