-- Plans become editable in the operator console (issue 37 item 4): a version for optimistic
-- concurrency (two administrators editing one plan: the second is refused, not lost).
ALTER TABLE "plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- What a plan says (its name, price, document limit, people) shows on every document list of
-- every firm on it (the allowance and the abilities that follow it) and in each member's
-- GET /users/me: a change moves those firms' lists (firm_version_bump notifies 'firm:{id}', which
-- also refreshes the members' kept GET /users/me), and the catalogue's kept replies (the plan
-- cards and the membership page show plans) hear 'catalogue'. The folder trees show no plan.
CREATE FUNCTION plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(t.id, false) FROM teams t WHERE t.plan_id = NEW.id;
  PERFORM pg_notify('precedent_changes', 'catalogue');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER plans_changed AFTER UPDATE ON plans
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW))
  EXECUTE FUNCTION plan_changed();
