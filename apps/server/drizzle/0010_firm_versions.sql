CREATE TABLE "firm_versions" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each firm's version goes up once per committing transaction that changed what its document
-- lists and folder trees show. The triggers are deferred to the commit, so the version row is
-- locked only for the commit itself (concurrent writers in a firm do not queue behind each
-- other's whole transactions), and a reader that sees version v also sees every change v counts.
-- A transaction-local setting remembers the firms already bumped, so a statement writing 10,000
-- rows bumps its firm once. Each bump is also notified on the channel `precedent_changes`
-- ('firm:{id}'; 'firms' for all of them; 'sessions' when sessions end), delivered at the commit:
-- servers listening there know without asking when what they keep in memory is out of date
-- (src/db/change-feed.ts).
CREATE FUNCTION firm_version_bump(firm integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(current_setting('precedent.bumped_firms', true), '');
BEGIN
  IF firm IS NULL OR position(',' || firm || ',' IN done) > 0 THEN
    RETURN;
  END IF;
  INSERT INTO firm_versions AS v (team_id, version) VALUES (firm, 1)
    ON CONFLICT (team_id) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('precedent_changes', 'firm:' || firm);
  PERFORM set_config('precedent.bumped_firms', CASE WHEN done = '' THEN ',' ELSE done END || firm || ',', true);
END $$;
--> statement-breakpoint
-- Rows that carry their firm (documents, folders, shares, files, memberships).
CREATE FUNCTION firm_version_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM firm_version_bump(OLD.team_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM firm_version_bump(NEW.team_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's name shows on every firm's lists they belong to.
CREATE FUNCTION firm_version_user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(m.team_id) FROM team_members m WHERE m.user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The catalogue's categories decide the lists' category filter in every firm.
CREATE FUNCTION firm_version_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('precedent.bumped_all_firms', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  INSERT INTO firm_versions AS v (team_id, version) SELECT id, 1 FROM teams
    ON CONFLICT (team_id) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('precedent_changes', 'firms');
  PERFORM set_config('precedent.bumped_all_firms', 'yes', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A firm's plan decides what its members may do with each listed item.
CREATE FUNCTION firm_version_plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions that end (sign-out, idle purge) must stop being accepted by every server at once.
-- (The periodic purge deletes nothing most of the time: only a statement that ended one is told.)
CREATE FUNCTION sessions_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ended) THEN
    PERFORM pg_notify('precedent_changes', 'sessions');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_notify();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_firm_version AFTER UPDATE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.plan_id IS DISTINCT FROM NEW.plan_id)
  EXECUTE FUNCTION firm_version_plan_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_firm_version AFTER INSERT OR UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_shares_firm_version AFTER INSERT OR UPDATE OR DELETE ON document_shares
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_files_firm_version AFTER INSERT OR UPDATE OR DELETE ON document_files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER folders_firm_version AFTER INSERT OR UPDATE OR DELETE ON folders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER folder_shares_firm_version AFTER INSERT OR UPDATE OR DELETE ON folder_shares
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_firm_version AFTER INSERT OR UPDATE OR DELETE ON team_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_firm_version AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION firm_version_user_renamed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_categories_firm_version AFTER INSERT OR UPDATE OR DELETE ON product_categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_catalogue_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_category_links_firm_version AFTER INSERT OR UPDATE OR DELETE ON product_category_links
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_catalogue_changed();
