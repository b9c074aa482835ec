/**
 * What each table's changes move, in one place. The rules of freshness:
 *
 * 1. Every committed change to a row a kept reply or a kept session depends on moves a number
 *    the server reads with the session (`firm_versions.version` for document lists,
 *    `folders_version` for folder trees) or notifies `precedent_changes` (sessions; a person,
 *    for their kept GET /users/me; the catalogue, for its kept replies). Triggers do it at
 *    commit, once per firm per transaction, whoever writes: this server, another server, a
 *    script.
 * 2. A table whose rows carry `team_id` is either in `FIRM_ROWS` (its trigger is the one
 *    `firmRowTrigger` writes, checked against the database by `registry.test.ts`) or in
 *    `NOT_KEPT`, with the reason nothing kept in memory shows it. A new firm table that is in
 *    neither fails that test.
 * 3. Changes that reach firms, people or the catalogue another way are listed in
 *    `OTHER_SOURCES` (their triggers are written by hand in the migrations it names).
 * 4. Memory is trusted only while the change feed listens and its heartbeat comes back
 *    (`change-feed.ts`); a kept reply answers only after every route hook has run
 *    (`reply-cache.ts`, `kept-replies.ts`).
 *
 * Adding a firm table that lists show: add it to `FIRM_ROWS`, run
 * `npx tsx apps/server/src/platform/freshness/trigger-sql.ts <table>` and put what it prints in
 * the table's migration.
 */

/** What a firm row's change moves: the document lists only, or the folder trees as well. */
export type Moves = "lists" | "lists and trees";

export const FIRM_ROWS: Record<string, { moves: Moves; why: string }> = {
  documents: { moves: "lists", why: "the rows of every document list and the status counts" },
  document_shares: { moves: "lists", why: "who sees a document (Shared Documents)" },
  document_files: { moves: "lists", why: "a row's download abilities" },
  folders: { moves: "lists and trees", why: "the trees, and each row's folder name and path" },
  folder_shares: { moves: "lists and trees", why: "who sees a folder and what is in it" },
  team_members: { moves: "lists and trees", why: "roles and people: every ability and owner name" },
  signing_envelopes: { moves: "lists", why: "a row's signing state (bundle_status, the signing abilities)" },
  signing_recipients: { moves: "lists", why: "a row's signed/total count" },
  asic_applications: {
    moves: "lists",
    why: "a row's ASIC columns (payment and ASIC status, ACN, the pay action)",
  },
  fulfilment_requests: { moves: "lists", why: "a row's legal review and hard copy state" },
  asic_name_applications: {
    moves: "lists",
    why: "a registration row's start wizard state (the name applied, the consents, where the wizard reopens)",
  },
};

export const NOT_KEPT: Record<string, string> = {
  sms_outbox:
    "the sandbox SMS provider's sent messages, read from the database on the developer page each time; no kept reply shows them",
  asic_name_register:
    "the sandbox regulator's register, read from the database at every name check; no kept reply shows it",
  firm_versions: "the versions themselves",
  document_counts:
    "kept from documents by triggers of its own, in the same transaction as the change of documents that moves the lists",
  document_logs: "a document's history is read from the database on its own page; no kept reply shows it",
  document_versions: "earlier answers are read from the database when a version is opened",
  document_starts: "the record of a start; the document it creates moves the lists",
  orders: "My Orders and the checkout read orders from the database every time",
  media: "an image is read from the database each time it is served; no kept reply lists images",
  team_invitations:
    "pending invitations are read from the database every time; the membership an acceptance adds moves lists and trees through team_members",
  plan_changes:
    "a billing page's session, read from the database when the page is shown; applying it changes teams, which moves the firm",
  plan_subscriptions:
    "a firm's Stripe subscription, read only by the billing portal and its webhook; the plan it sets is on teams",
  credit_usages: "the Credit Spending History is read from the database each time the modal asks",
  credit_purchases:
    "the Credit Buying History is read from the database each time; the balance it adds is on teams, which moves lists",
  integration_logs:
    "the Document Logs and the activity log are read from the database each time; no kept reply shows them",
  signing_events:
    "a signing request's Document History is read from the database each time the status modal asks",
  integration_connections:
    "a person's connections are read from the database by the integrations page each time; no kept reply shows them",
  integration_authorisations: "an authorisation in progress, read once when the provider sends its code back",
  integration_import_failures:
    "a client-data import that failed, read from the database by the console's integrations queue each time; no firm's kept reply shows it",
  integration_syncs:
    "a sync's progress is read from the database by the job that sends it and shown through the document logs; no kept reply shows it",
  assistant_threads:
    "a person's chat with the assistant, read from the database on every message; no kept reply shows it",
  assistant_messages: "a chat's history, read from the database when the chat opens; no kept reply shows it",
  assistant_voice_sessions:
    "a voice interview's working answers, read from the database on every answer; the document's own answers change only when it ends, through the interview's save, which moves lists",
  assistant_firm_settings:
    "the firm's assistant switch, read from the database by every assistant request and by GET /api/ai/settings; no kept reply shows it",
  two_factor_firm_requirements:
    "read from the database at each sign-in and by the security card; it changes what the next sign-in asks for, never what a session may do",
};

/**
 * Changes that move firms' numbers, or are announced for people or the catalogue, from tables
 * without a `team_id` of their own or besides their firm row trigger (triggers by hand).
 */
export const OTHER_SOURCES: Record<string, string> = {
  teams:
    "plan, plan status and dates move lists and trees; credits move lists (migrations 0010, 0011, 0019); company details (name, number, address, website, logo, owner) move no version, as no list shows them, and are announced as the firm's change (0036): each member's kept GET /users/me names the firm",
  users:
    "a person's name moves lists and trees of each of their firms (0010, 0011); any change to the row is announced as the person's (0036), for their kept GET /users/me",
  team_members:
    "besides its firm row trigger, a membership added, changed or removed is announced as its person's change (0036): GET /users/me lists the person's firms",
  plans:
    "a plan's terms (name, price, limit, people) move the lists of every firm on it and announce each firm, for its members' kept GET /users/me, and the catalogue, for the plan cards (0067)",
  products: "any change is announced as the catalogue's (0036): the kept catalogue replies",
  product_categories:
    "the catalogue's categories move every firm's lists (0010), and are announced as the catalogue's change (0036)",
  product_category_links:
    "a template's categories move every firm's lists (0010), and are announced as the catalogue's change (0036)",
  template_versions:
    "a version published, retired or scheduled moves every firm's lists (0062): each document row says when its template has a newer published version; and a version uploaded or its status changed is announced as the catalogue's change (0073): each server's library keeps which templates were uploaded as new and which version of each is published",
  sessions: "an ended session, or any change but its touch, is announced to every server (0010, 0019)",
};

/**
 * The trigger a firm table gets, written as PostgreSQL prints it back (`pg_get_triggerdef`), so
 * the registry test can compare the database with this text exactly.
 */
export function firmRowTrigger(table: string): string {
  const entry = FIRM_ROWS[table];
  if (!entry) throw new Error(`${table} is not in FIRM_ROWS`);
  return (
    `CREATE CONSTRAINT TRIGGER ${table}_firm_version AFTER INSERT OR DELETE OR UPDATE ON public.${table} ` +
    `DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm_version_row_changed('${entry.moves}')`
  );
}
