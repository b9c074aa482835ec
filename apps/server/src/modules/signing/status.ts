import {
  type BundleStatus,
  DOCUMENT_STATUSES,
  type DocumentStatus,
  PENDING_SIGNATURE,
  type SignerStatusName,
} from "@precedent/contracts";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { sydneyDay } from "../../platform/kernel/calendar.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { noSigningRequest, type SigningRecords } from "./envelope-records.ts";
import { cancelRefusal, canReadSigningStatus, reminderRefusal, resendRefusal } from "./policy.ts";
import { type EnvelopeStatus, signingEnvelopes, signingEvents, signingRecipients } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";

// What the sender reads about a request (interview-signing spec §3, §5): the status modal with
// each signer's state and what the actor may do next, and the request's history. Reads only.

/** The signer's turn has come: every recipient of earlier groups signed, and a witness's signer too. */
/** The signer's turn has come: every recipient of earlier groups signed, and a witness's signer too. */
function turnHasCome(
  recipient: { groupIndex: number; role: string; witnessOfRecipientId: number | null },
  all: { id: number; groupIndex: number; status: string; role: string }[],
) {
  if (all.some((r) => r.groupIndex < recipient.groupIndex && r.status !== "signed")) return false;
  if (recipient.role === "witness" && recipient.witnessOfRecipientId !== null) {
    return all.find((r) => r.id === recipient.witnessOfRecipientId)?.status === "signed";
  }
  return true;
}

export function createSigningStatus(
  deps: Pick<SigningServiceDeps, "db" | "clock">,
  records: Pick<SigningRecords, "visible" | "latestEnvelope">,
) {
  const { db, clock } = deps;
  const { visible, latestEnvelope } = records;

  return {
    /** GET /signing/bundle/get: the status modal's General Info (§3 Signer status response). */
    async bundle(ctx: FirmContext, docId: number): Promise<BundleStatus> {
      return db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, false);
        const envelope = await latestEnvelope(tx, docId);
        if (!envelope || !canReadSigningStatus(ctx, facts)) throw noSigningRequest();
        const recipients = await tx
          .select()
          .from(signingRecipients)
          .where(eq(signingRecipients.envelopeId, envelope.id))
          .orderBy(asc(signingRecipients.groupIndex), asc(signingRecipients.id));
        const items = recipients.map((r) => ({
          SignOn: r.signedAt?.toISOString() ?? r.declinedAt?.toISOString() ?? null,
          Note: r.declineReason,
          Name: r.fullName,
          Email: r.email,
          Role: r.role,
          CustomerBundleStatusName: (r.status === "signed"
            ? "Signed"
            : r.status === "declined"
              ? "Rejected"
              : PENDING_SIGNATURE) as z.infer<typeof SignerStatusName>,
          waiting: r.status === "pending" && !turnHasCome(r, recipients),
          SigningGroup: r.groupIndex,
          SigningGroupName: r.groupName,
        }));
        const groups = [...new Set(items.map((i) => i.SigningGroup))].map((g) => ({
          SigningGroup: g,
          SigningGroupName: items.find((i) => i.SigningGroup === g)?.SigningGroupName ?? "",
          items: items.filter((i) => i.SigningGroup === g),
        }));
        const signed = recipients.filter((r) => r.status === "signed").length;
        const status = envelope.status as EnvelopeStatus;
        return {
          doc_id: doc.id,
          doc_name: doc.name,
          doc_status: doc.status,
          doc_status_name: DOCUMENT_STATUSES[doc.status as DocumentStatus],
          bundle_status: status,
          is_group: envelope.isGroup,
          LastReminderSent: envelope.lastReminderAt?.toISOString() ?? null,
          DateSent: envelope.sentAt.toISOString(),
          DueDate: envelope.dueDate,
          is_overdue: status === "pending" && sydneyDay(clock()) > envelope.dueDate,
          total_signed: signed,
          total_signer: recipients.length,
          CustomerActionStatus: {
            pending: "Pending",
            completed: "Completed",
            rejected: "Rejected",
            cancelled: "Cancelled",
            void: "Void",
          }[status],
          cancel_reason: envelope.cancelReason,
          items,
          groups,
          can_remind: reminderRefusal(ctx, facts) === null && status === "pending",
          can_cancel: cancelRefusal(ctx, facts, status) === null,
          // FuseSign holds its own copy of a request: that one is sent anew with Sign document.
          can_resend: envelope.provider === "builtin" && resendRefusal(ctx, facts, status) === null,
        };
      });
    },

    /** GET /signing/bundle/history: the Document History (Time/Action), newest first, 15 a page. */
    async history(ctx: FirmContext, docId: number, page: number, length: number) {
      return db.transaction(async (tx) => {
        await visible(tx, ctx, docId, false);
        const inDocument = sql`${signingEvents.envelopeId} in (select e.id from ${signingEnvelopes} e where e.document_id = ${docId} and e.team_id = ${ctx.teamId})`;
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(signingEvents)
          .where(inDocument);
        const rows = await tx
          .select({
            at: signingEvents.at,
            description: signingEvents.description,
            note: signingEvents.note,
            name: signingRecipients.fullName,
          })
          .from(signingEvents)
          .leftJoin(signingRecipients, eq(signingRecipients.id, signingEvents.recipientId))
          .where(inDocument)
          .orderBy(desc(signingEvents.at), desc(signingEvents.id))
          .limit(length)
          .offset((page - 1) * length);
        const total = count?.n ?? 0;
        return {
          rows: rows.map((r) => ({
            created_at: r.at.toISOString(),
            customer_name: r.name ?? "",
            action_des: r.note ? `${r.description}: ${r.note}` : r.description,
          })),
          page,
          total_page: Math.ceil(total / length),
        };
      });
    },
  };
}
