-- Announcements for what is kept in memory beyond the document lists (platform/freshness):
-- GET /users/me per person, and the catalogue's replies for everyone. Only a notification is
-- needed, no version: every server hears it at commit (PostgreSQL sends a transaction's
-- notifications when it commits, each distinct one once), and a server not listening keeps
-- nothing. Plain AFTER triggers, then, not deferred ones that count versions.
--
-- A person's own row, or which firms they belong to and their role in each: 'person:{id}'.
CREATE FUNCTION person_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('precedent_changes', 'person:' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('precedent_changes', 'person:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('precedent_changes', 'person:' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_person_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)) EXECUTE FUNCTION person_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_person_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION person_changed_notify();
--> statement-breakpoint
CREATE TRIGGER team_members_person_changed AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION person_changed_notify();
--> statement-breakpoint
-- A firm's company details (its name is in each member's GET /users/me): 'firm:{id}', without
-- moving its versions, as no document list or folder tree shows them.
CREATE FUNCTION firm_details_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('precedent_changes', 'firm:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_details_changed AFTER UPDATE ON teams
  FOR EACH ROW
  WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.company_registration_no IS DISTINCT FROM NEW.company_registration_no
    OR OLD.billing_address IS DISTINCT FROM NEW.billing_address
    OR OLD.industry IS DISTINCT FROM NEW.industry
    OR OLD.website IS DISTINCT FROM NEW.website
    OR OLD.logo_url IS DISTINCT FROM NEW.logo_url
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
  )
  EXECUTE FUNCTION firm_details_changed_notify();
--> statement-breakpoint
-- Products, categories and the links between them: 'catalogue', once per statement.
CREATE FUNCTION catalogue_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('precedent_changes', 'catalogue');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_category_links_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_category_links
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_notify();
