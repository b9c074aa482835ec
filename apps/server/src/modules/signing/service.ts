import { scheduleAutomaticReminders } from "./auto-reminders.ts";
import { createSigningRecords } from "./envelope-records.ts";
import { EXECUTION_RULES } from "./execution-rules.ts";
import { createFuseSignWebhook } from "./fusesign/webhook.ts";
import { scheduleOverdueCheck } from "./overdue.ts";
import { createSigningReminders } from "./reminders.ts";
import { createSigningSend } from "./send.ts";
import type { SigningServiceDeps } from "./service-deps.ts";
import { createSignedDownload } from "./signed-download.ts";
import { createSigningStatus } from "./status.ts";
import { createSigningLinkBox } from "./tokens.ts";

// The signing service, a small facade over its jobs, each in its own file: the document scope,
// the live request, its history and voiding (envelope-records.ts), sending (send.ts), the status
// modal and history (status.ts), reminders (reminders.ts), the signed download
// (signed-download.ts), automatic reminders (auto-reminders.ts), the overdue flag (overdue.ts) and FuseSign's webhook (fusesign/webhook.ts).

export type SigningService = ReturnType<typeof createSigningService>;
export { OVERDUE_CHECK_EVERY_MS } from "./overdue.ts";
export type { SigningServiceDeps } from "./service-deps.ts";

/**
 * The sender's side of e-signing (interview-signing spec §2, §4, §5, §7 Signing): who signs a
 * document, sending it for signing, its status and history, reminders, and the overdue flag.
 * Every call acts on a document the actor can see in their firm (the documents module's scope);
 * anything else is 404 and changes nothing.
 */
export function createSigningService(deps: SigningServiceDeps) {
  const { db, clock, files, fusesign } = deps;
  // One link box for the parts that seal links (send) and re-send them (reminders).
  const links = createSigningLinkBox(deps.secretKey);
  // The records define the FuseSign retraction job before the overdue job, as they always were.
  const records = createSigningRecords(deps);
  const overdueCheck = scheduleOverdueCheck(deps, records);
  const send = createSigningSend(deps, records, links);
  const status = createSigningStatus(deps, records);
  const reminders = createSigningReminders(deps, records, links);
  const automaticReminders = scheduleAutomaticReminders(deps, records, links);
  const download = createSignedDownload(deps, records);

  return {
    voidPending: records.voidPending,
    overdueCheck,
    retract: records.retract,
    listSigners: send.listSigners,
    confirm: send.confirm,
    bundle: status.bundle,
    history: status.history,
    remind: reminders.remind,
    /** The automatic reminder job (auto-reminders.ts); `remindDue` runs it now. */
    automaticReminders,
    signedDownload: download.signedDownload,

    /** POST /fusesign/webhook (see fusesign/webhook.ts). */
    fuseSignWebhook: createFuseSignWebhook({ db, clock, files, fusesign, recordEvent: records.recordEvent }),

    /** The execution rules with their sources, for the wizard and the docs. */
    executionRules: EXECUTION_RULES,
  };
}
