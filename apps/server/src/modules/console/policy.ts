import { CONSOLE_MESSAGES, type ConsoleAbilities, type StaffRole } from "@precedent/contracts";

/**
 * Who may do what in the operator console (issue 37 item 1). Staff are not a firm's people: a
 * staff role reaches only the console's areas named here, and every console route asks one of
 * these before it reads or changes anything. Each rule is one line; the web shows the answers.
 */
export type ConsoleArea = keyof ConsoleAbilities;
export type StaffFacts = { id: number; role: StaffRole; active: boolean };

const AREAS: Record<ConsoleArea, readonly StaffRole[]> = {
  fulfilment: ["administrator", "fulfilment"],
  staff: ["administrator"],
  audit: ["administrator"],
  // The queues that need a person: failed jobs, stuck lodgements, undelivered mail.
  queues: ["administrator", "support"],
  firms: ["administrator", "support"],
  // Template versions: uploading, checking and publishing them is the content editor's work.
  templates: ["administrator", "content_editor"],
  // Settings (issue 37 item 4): support reads them to answer customers; administrators change them.
  settings: ["administrator", "support"],
  settings_edit: ["administrator"],
  announcements: ["administrator", "content_editor"],
  // What products say and where they sit; prices and offers within it: `mayChangeWhatFirmsPay`.
  catalogue: ["administrator", "content_editor"],
  // Orders, refunds, invoices and takings: support answers the customer who asks for money back.
  money: ["administrator", "support"],
};

export const mayUse = (role: StaffRole, area: ConsoleArea) => AREAS[area].includes(role);

export const consoleAbilities = (role: StaffRole): ConsoleAbilities => ({
  fulfilment: mayUse(role, "fulfilment"),
  staff: mayUse(role, "staff"),
  audit: mayUse(role, "audit"),
  queues: mayUse(role, "queues"),
  firms: mayUse(role, "firms"),
  templates: mayUse(role, "templates"),
  settings: mayUse(role, "settings"),
  settings_edit: mayUse(role, "settings_edit"),
  announcements: mayUse(role, "announcements"),
  catalogue: mayUse(role, "catalogue"),
  money: mayUse(role, "money"),
});

/**
 * Prices, plan rules, credit packages and coupons decide what firms pay, so they are the
 * administrator's; content editors change descriptions, FAQ, videos, badges and placement
 * (issue 37 item 3).
 */
export const mayChangeWhatFirmsPay = (role: StaffRole) =>
  mayUse(role, "catalogue") && role === "administrator";

/**
 * Granting credits gives away what firms pay for, so it is the administrator's alone; support
 * staff view firms, lock and unlock them and reset two-factor sign-in (issue 37 item 5).
 */
export const mayGrantCredits = (role: StaffRole) => mayUse(role, "firms") && role === "administrator";

/**
 * Changing a firm's plan gives away (or takes back) what it pays for, and handing its ownership
 * to another person gives them the firm: the administrator's alone, as credits are.
 */
export const mayChangeFirmPlan = mayGrantCredits;
export const mayTransferFirmOwnership = mayGrantCredits;

/** A queue item is taken only by someone who may work the queue (and is still active). */
export const mayTakeFulfilmentRequest = (assignee: StaffFacts) =>
  assignee.active && mayUse(assignee.role, "fulfilment");

const isActiveAdministrator = (staff: StaffFacts) => staff.active && staff.role === "administrator";

/**
 * Why a change to a staff account is refused, or null. The console must keep one active
 * administrator (or nobody could add staff again without a deploy); and nobody deactivates
 * themselves (a slip that would need another administrator to undo).
 */
export function staffChangeRefusal(
  actor: StaffFacts,
  target: StaffFacts,
  change: { role?: StaffRole; active?: boolean },
  activeAdministrators: number,
): string | null {
  if (change.active === false && actor.id === target.id) return CONSOLE_MESSAGES.notYourself;
  const after = { ...target, ...change };
  if (isActiveAdministrator(target) && !isActiveAdministrator(after) && activeAdministrators <= 1)
    return CONSOLE_MESSAGES.lastAdministrator;
  return null;
}

/** What the staff list offers on each account: exactly what `staffChangeRefusal` would allow. */
export const staffAbilities = (actor: StaffFacts, target: StaffFacts, activeAdministrators: number) => ({
  // Away from administrator is the only change of role that can be refused.
  change_role:
    target.active && staffChangeRefusal(actor, target, { role: "support" }, activeAdministrators) === null,
  deactivate:
    target.active && staffChangeRefusal(actor, target, { active: false }, activeAdministrators) === null,
  reactivate: !target.active,
});
