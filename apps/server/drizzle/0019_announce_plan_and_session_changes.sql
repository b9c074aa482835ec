-- What depends on a firm's plan moves with all of it, not only with a change of plan.
-- The session memory keeps each membership with its firm's plan standing (status and end date)
-- until the firm's version moves: before this, an expired plan or a new end date left every
-- server's memory (and the replies kept on other servers) as it was until some unrelated change.
-- The plan's standing moves lists and trees, as a change of plan does (abilities follow it).
DROP TRIGGER teams_firm_version ON teams;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_firm_version AFTER UPDATE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD.plan_id IS DISTINCT FROM NEW.plan_id
    OR OLD.plan_status IS DISTINCT FROM NEW.plan_status
    OR OLD.plan_start_date IS DISTINCT FROM NEW.plan_start_date
    OR OLD.plan_end_date IS DISTINCT FROM NEW.plan_end_date
  )
  EXECUTE FUNCTION firm_version_plan_changed();
--> statement-breakpoint
-- Credits (the uses left on a limited plan) move the lists' version only: no folder tree shows
-- them, and a start that spends one changes the document list in the same transaction anyway.
CREATE FUNCTION firm_version_credits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM firm_version_bump(NEW.id, false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_credits_version AFTER UPDATE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.credit_limit IS DISTINCT FROM NEW.credit_limit OR OLD.used_credit IS DISTINCT FROM NEW.used_credit)
  EXECUTE FUNCTION firm_version_credits_changed();
--> statement-breakpoint
-- Any change to a session but its touch (`last_seen_at`, written every few minutes by every
-- active session) is announced as well as its end: a revocation, a future two-factor
-- verification, anything a server keeps in memory with the session. Comparing the whole row
-- without that one column keeps a column added later announced without editing this trigger.
CREATE FUNCTION sessions_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('precedent_changes', 'sessions');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION sessions_changed_notify();
