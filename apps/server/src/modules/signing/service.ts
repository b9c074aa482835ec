import {
  type BundleStatus,
  ConfirmSigningRequest as ConfirmSchema,
  type ConfirmSigningRequest,
  DOCUMENT_STATUSES,
  type DocumentStatus,
  FIELD_REQUIRED,
  type FieldError,
  FUSESIGN_NOT_CONNECTED,
  NO_SIGNERS,
  NOT_ASSEMBLED,
  PENDING_SIGNATURE,
  REMINDER_JUST_SENT,
  SIGNED_PDF_NOT_READY,
  SIGNER_MISSING,
  SIGNER_NAME_FALLBACK,
  type SignerStatusName,
  UNKNOWN_SIGNATURE_BOX,
} from "@precedent/contracts";
import type { Answers } from "@precedent/docgen";
import { and, asc, desc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { z } from "zod";
import { SIGNING_REMINDER_GUARD_MS } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import { endOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentEngine } from "../../platform/workers/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { MailService } from "../mail/index.ts";
import { firmName } from "../teams/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import type { UsersService } from "../users/index.ts";
import { confirmErrors } from "./confirm-rules.ts";
import { EXECUTION_RULES } from "./execution-rules.ts";
import type { FuseSignAdapter } from "./fusesign/adapter.ts";
import { createFuseSignWebhook } from "./fusesign/webhook.ts";
import { signingLink, signingMail } from "./notifications.ts";
import { partiesOf } from "./parties.ts";
import {
  cancelRefusal,
  canReadSigningStatus,
  reminderRefusal,
  resendRefusal,
  type SigningDocumentFacts,
  sendRefusal,
} from "./policy.ts";
import {
  type EnvelopeStatus,
  type StoredSignatureField,
  signingEnvelopes,
  signingEvents,
  signingRecipients,
} from "./schema.ts";
import type { FileSealInfo } from "./seal/index.ts";
import { createSigningLinkBox, newSigningToken } from "./tokens.ts";
import { witnessErrors, witnessRuleInput } from "./witness-rule.ts";

export type SigningService = ReturnType<typeof createSigningService>;

/** The overdue check runs hourly: a due date ends at midnight in Sydney, flagged within the hour. */
export const OVERDUE_CHECK_EVERY_MS = 60 * 60 * 1000;
const documentNotFound = (id: number) => notFound(`Doc ID ${id} was not found.`);
const noSigningRequest = () => notFound("This document has no signing request.");

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

/**
 * The sender's side of e-signing (interview-signing spec §2, §4, §5, §7 Signing): who signs a
 * document, sending it for signing, its status and history, reminders, and the overdue flag.
 * Every call acts on a document the actor can see in their firm (the documents module's scope);
 * anything else is 404 and changes nothing.
 */
export function createSigningService(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  documents: DocumentsService;
  files: FileStore;
  interview: Pick<InterviewService, "assembledPdf">;
  library: TemplateLibrary;
  /** Renders the PDF (for its signature boxes) on the worker pool, off the request thread. */
  engine: DocumentEngine;
  mail: MailService;
  users: UsersService;
  /** The configured public origin (PUBLIC_URL): every link is built on it. */
  publicUrl: string;
  /** SECRET_KEY: private links are kept sealed with it, to be re-sent unchanged. */
  secretKey: string;
  /** Seals a finished PDF with the server's seal (the certificate downloaded on its own). */
  sealFile: (pdf: Uint8Array, info: FileSealInfo) => Promise<Uint8Array>;
  /** FuseSign, when the server has its API token and webhook secret (issue 15 item 7). */
  fusesign?: { adapter: FuseSignAdapter; webhookSecret: string };
}) {
  const { db, clock, jobs, documents, files, interview, library, mail, users, fusesign, publicUrl } = deps;
  const links = createSigningLinkBox(deps.secretKey);

  // A request FuseSign holds is retracted there when ours is voided, after the commit and retried.
  const retractFuseSign = jobs.define<{ bundleId: string; reason: string }>(
    "signing.fusesign-retract",
    async ({ bundleId, reason }) => {
      if (!fusesign) throw new Error("FuseSign is not configured: cannot retract its bundle");
      await fusesign.adapter.retract(bundleId, reason);
    },
  );

  async function visible(tx: Database, ctx: FirmContext, docId: number, lock: boolean) {
    const loaded = await documents.loadForChange(tx, ctx, docId, lock);
    if (!loaded) throw documentNotFound(docId);
    const facts: SigningDocumentFacts = {
      createdBy: loaded.doc.createdBy,
      status: loaded.doc.status,
      allowSign: loaded.doc.allowSign,
      isShared: loaded.facts.isShared,
    };
    return { doc: loaded.doc, facts };
  }

  /** The document's newest signing request that was not voided, if any. */
  async function latestEnvelope(tx: Database, docId: number) {
    const [envelope] = await tx
      .select()
      .from(signingEnvelopes)
      .where(and(eq(signingEnvelopes.documentId, docId), ne(signingEnvelopes.status, "void")))
      .orderBy(desc(signingEnvelopes.sentAt), desc(signingEnvelopes.id))
      .limit(1);
    return envelope;
  }

  async function recordEvent(
    tx: Database,
    event: {
      envelopeId: number;
      teamId: number;
      recipientId?: number;
      action: string;
      description: string;
      note?: string;
    },
  ) {
    await tx.insert(signingEvents).values({ ...event, at: clock() });
  }

  /** Voids the document's pending request (relaunch, or a new request replacing it). */
  async function voidPending(tx: Database, teamId: number, docId: number, reason: string) {
    const voided = await tx
      .update(signingEnvelopes)
      .set({ status: "void", updatedAt: clock() })
      .where(and(eq(signingEnvelopes.documentId, docId), eq(signingEnvelopes.status, "pending")))
      .returning({ id: signingEnvelopes.id, bundleId: signingEnvelopes.providerBundleId });
    for (const { id, bundleId } of voided) {
      await recordEvent(tx, { envelopeId: id, teamId, action: "voided", description: reason });
      if (bundleId)
        await retractFuseSign.enqueue({ bundleId, reason }, { tx, key: `fusesign-retract:${id}` });
    }
    return voided.length;
  }

  const overdueCheck = jobs.define("signing.overdue", async () => {
    const today = sydneyDay(clock());
    await db.transaction(async (tx) => {
      const flagged = await tx
        .update(signingEnvelopes)
        .set({ overdueAt: clock(), updatedAt: clock() })
        .where(
          and(
            eq(signingEnvelopes.status, "pending"),
            isNull(signingEnvelopes.overdueAt),
            lt(signingEnvelopes.dueDate, today),
          ),
        )
        .returning({
          id: signingEnvelopes.id,
          teamId: signingEnvelopes.teamId,
          dueDate: signingEnvelopes.dueDate,
        });
      for (const envelope of flagged) {
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: envelope.teamId,
          action: "overdue",
          description: `The due date (${envelope.dueDate.split("-").reverse().join("/")}) has passed`,
        });
      }
    });
  });
  jobs.every(overdueCheck.name, OVERDUE_CHECK_EVERY_MS);

  return {
    voidPending,
    overdueCheck,
    /** A cancelled request's bundle is retracted at its provider too (after the commit, retried). */
    async retract(tx: Database, envelope: { id: number; bundleId: string | null }, reason: string) {
      if (envelope.bundleId) {
        await retractFuseSign.enqueue(
          { bundleId: envelope.bundleId, reason },
          { tx, key: `fusesign-retract:${envelope.id}` },
        );
      }
    },

    /** GET /signing/list-signer: the document's signers and witnesses, and whether it may be signed electronically. */
    async listSigners(ctx: FirmContext, docId: number) {
      const doc = await db.transaction(async (tx) => (await visible(tx, ctx, docId, false)).doc);
      const { list, execution } = partiesOf(library, doc);
      const providers = fusesign ? (["builtin", "fusesign"] as const) : (["builtin"] as const);
      return { list, execution, providers: [...providers], is_relaunch: doc.isRelaunch };
    },

    /**
     * POST /signing/confirm: checks every rule, lays out the signature boxes again from the stored
     * answers (outside any transaction: it takes a while), then in one transaction holding the
     * document's row lock: voids any pending request, creates the envelope and its recipients
     * (each with a private link), moves the document to Pending and queues one email each. A second
     * submit waiting on the lock then finds the document Pending and is refused: one envelope.
     */
    async confirm(ctx: FirmContext, body: ConfirmSigningRequest) {
      const input = ConfirmSchema.parse(body);
      const before = await db.transaction(async (tx) => {
        const found = await visible(tx, ctx, input.doc_id, false);
        const refusal = sendRefusal(ctx, found.facts, input.owner_confirmed);
        if (refusal) throw new AppError(refusal.status, refusal.message);
        const pdf = await interview.assembledPdf(tx, input.doc_id);
        if (!pdf) throw new AppError(409, NOT_ASSEMBLED);
        return { ...found, pdf };
      });
      if (input.provider === "fusesign" && !fusesign) throw new AppError(409, FUSESIGN_NOT_CONNECTED);
      const errors = confirmErrors(input, sydneyDay(clock()));
      if (errors.length > 0) throw badRequest(errors[0]?.message ?? FIELD_REQUIRED, errors);
      const { template, execution } = partiesOf(library, before.doc);
      if (!execution.electronic) throw new AppError(409, execution.message);
      const witnessProblems = witnessErrors(witnessRuleInput(template, before.doc.xml as Answers, input));
      if (witnessProblems.length > 0) throw badRequest(witnessProblems[0]?.message ?? "", witnessProblems);

      const rendered = await deps.engine.renderPdf(
        ctx.teamId,
        template.identifier,
        before.doc.xml as Answers,
      );
      const fields: StoredSignatureField[] = rendered.signatureFields.map((f) => ({
        metaKey: f.metaKey,
        dateKey: f.dateKey,
        role: f.role,
        fullName: f.fullName,
        email: f.email,
        partyId: f.partyId,
        partyPath: f.partyPath,
        ...(f.witnessOf ? { witnessOf: f.witnessOf } : {}),
        signature: { ...f.signature },
        date: { ...f.date },
      }));
      if (fields.length === 0) throw new AppError(409, NO_SIGNERS);
      const fieldByKey = new Map(fields.map((f) => [f.metaKey, f]));
      const keyErrors: FieldError[] = [];
      input.signer.forEach((s, i) => {
        if (!fieldByKey.has(s.meta_key)) {
          keyErrors.push({ field: `signer.${i}.meta_key`, message: UNKNOWN_SIGNATURE_BOX(s.meta_key) });
        }
      });
      const sent = new Set(input.signer.map((s) => s.meta_key));
      for (const field of fields) {
        if (!sent.has(field.metaKey))
          keyErrors.push({ field: "signer", message: SIGNER_MISSING(field.fullName) });
      }
      if (new Set(input.signer.map((s) => s.meta_key)).size !== input.signer.length) {
        keyErrors.push({ field: "signer", message: "Each signature box is sent once." });
      }
      if (keyErrors.length > 0) throw badRequest(keyErrors[0]?.message ?? NO_SIGNERS, keyErrors);

      const senderName = (await users.summaries([ctx.userId])).get(ctx.userId)?.name ?? "Your adviser";
      // Without groups, everyone signs at once except a chosen last signer, who signs after.
      const groupOf = (s: (typeof input.signer)[number]) =>
        input.is_group
          ? { index: s.signing_group, name: s.signing_group_name.trim() }
          : s.last_signer
            ? { index: 1, name: "Last Signer" }
            : { index: 0, name: "Signers" };
      const witnessedBy = (s: (typeof input.signer)[number]) => {
        const witnessOf = fieldByKey.get(s.meta_key)?.witnessOf;
        return witnessOf ? input.signer.find((x) => x.meta_key === witnessOf) : undefined;
      };
      // FuseSign signs it: the PDF and the bundle go there first (FuseSign emails the links). Its
      // groups are ours doubled, a witness in the one after their signer's, as ours sign in order.
      const bundleId =
        fusesign && input.provider === "fusesign"
          ? await (async () => {
              const pdf = await files.get(before.pdf.sha256);
              if (!pdf) throw new AppError(409, NOT_ASSEMBLED);
              const documentId = await fusesign.adapter.uploadDocument(`${before.doc.name}.pdf`, pdf.bytes);
              return fusesign.adapter.createBundle({
                subject: input.email_subject,
                body: input.email_body,
                documentIds: [documentId],
                smsToSign: input.sms_notify,
                webhookUrl: new URL("/api/fusesign/webhook", publicUrl).toString(),
                customers: input.signer.map((s) => ({
                  name: s.full_name.trim() || SIGNER_NAME_FALLBACK,
                  email: s.email.trim(),
                  phone: input.sms_notify ? (s.phone_number ?? "").trim() : null,
                  signingGroup: groupOf(witnessedBy(s) ?? s).index * 2 + (witnessedBy(s) ? 1 : 0),
                  lastSigner: s.last_signer,
                  meta: s.meta_key,
                })),
              });
            })()
          : null;
      const result = await db
        .transaction(async (tx) => {
          const { doc, facts } = await visible(tx, ctx, input.doc_id, true);
          const refusal = sendRefusal(ctx, facts, input.owner_confirmed);
          if (refusal) throw new AppError(refusal.status, refusal.message);
          const now = clock();
          await voidPending(tx, ctx.teamId, doc.id, "Replaced by a new signing request");
          const [envelope] = await tx
            .insert(signingEnvelopes)
            .values({
              teamId: ctx.teamId,
              documentId: doc.id,
              senderUserId: ctx.userId,
              provider: input.provider,
              status: "pending",
              smsNotify: input.sms_notify,
              isGroup: input.is_group,
              dueDate: input.due_date,
              emailSubject: input.email_subject,
              emailBody: input.email_body,
              originalSha256: before.pdf.sha256,
              providerBundleId: bundleId,
              fields,
              sentAt: now,
              updatedAt: now,
            })
            .returning({ id: signingEnvelopes.id });
          if (!envelope) throw new Error("signing envelope not created");
          const expiresAt = endOfSydneyDay(input.due_date);
          // Signers first, so each witness can name the recipient it witnesses.
          const ordered = [...input.signer].sort(
            (a, b) =>
              Number(fieldByKey.get(a.meta_key)?.role === "witness") -
              Number(fieldByKey.get(b.meta_key)?.role === "witness"),
          );
          const idByKey = new Map<string, number>();
          const sentLinks: { recipientId: number; name: string; email: string; token: string }[] = [];
          for (const s of ordered) {
            const field = fieldByKey.get(s.meta_key) as StoredSignatureField;
            const witnessed = field.witnessOf
              ? input.signer.find((x) => x.meta_key === field.witnessOf)
              : undefined;
            // A witness signs in the group of the person they witness, after them.
            const group = groupOf(witnessed ?? s);
            const { token, tokenHash } = newSigningToken();
            const name = s.full_name.trim() || SIGNER_NAME_FALLBACK;
            const [recipient] = await tx
              .insert(signingRecipients)
              .values({
                envelopeId: envelope.id,
                teamId: ctx.teamId,
                role: field.role,
                witnessOfRecipientId: field.witnessOf ? (idByKey.get(field.witnessOf) ?? null) : null,
                fullName: name,
                email: s.email.trim(),
                phone: input.sms_notify ? (s.phone_number ?? "").trim() : null,
                metaKey: s.meta_key,
                dateKey: s.date_key || field.dateKey,
                groupIndex: group.index,
                groupName: group.name,
                isLastSigner: s.last_signer,
                tokenHash,
                tokenSealed: links.seal(token, tokenHash),
                tokenExpiresAt: expiresAt,
                status: "pending",
                createdAt: now,
              })
              .returning({ id: signingRecipients.id });
            if (!recipient) throw new Error("signing recipient not created");
            idByKey.set(s.meta_key, recipient.id);
            sentLinks.push({ recipientId: recipient.id, name, email: s.email.trim(), token });
          }
          await recordEvent(tx, {
            envelopeId: envelope.id,
            teamId: ctx.teamId,
            action: "sent",
            description: `${senderName} sent the signing request to ${sentLinks.length} ${sentLinks.length === 1 ? "recipient" : "recipients"}`,
          });
          await documents.setSigningStatus(tx, ctx, doc, 4);
          // FuseSign emails its own links; ours go by our mail.
          const firm = await firmName(tx, ctx.teamId);
          for (const link of bundleId ? [] : sentLinks) {
            const message = signingMail({
              kind: "request",
              recipientName: link.name,
              senderName,
              firmName: firm,
              documentName: doc.name,
              subject: input.email_subject,
              body: input.email_body,
              link: signingLink(publicUrl, link.token),
              dueDate: input.due_date,
            });
            await mail.enqueue(tx, {
              to: link.email,
              ...message,
              key: `signing:${envelope.id}:${link.recipientId}:sent`,
            });
          }
          return { bundle_id: envelope.id, recipients: sentLinks.length, doc_status: 4 };
        })
        .catch(async (error: unknown) => {
          // Not sent after all: the bundle FuseSign already holds must not reach anyone.
          if (bundleId) {
            await fusesign?.adapter.retract(bundleId, "Not sent").catch(() => undefined);
          }
          throw error;
        });
      mail.sendSoon();
      return result;
    },

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

    /**
     * POST /signing/reminder: emails each pending recipient whose group's turn has come (a witness
     * with the signer they witness, as they sign together) their own link again, unchanged. A second
     * reminder within SIGNING_REMINDER_GUARD_MS (a double click, two tabs) is refused: the
     * document's row lock orders them, so the second sees the first's time.
     */
    async remind(ctx: FirmContext, docId: number, notes: string) {
      const senderName = (await users.summaries([ctx.userId])).get(ctx.userId)?.name ?? "Your adviser";
      const reminded = await db.transaction(async (tx) => {
        const { doc, facts } = await visible(tx, ctx, docId, true);
        const refusal = reminderRefusal(ctx, facts);
        if (refusal) throw new AppError(refusal.status, refusal.message);
        const envelope = await latestEnvelope(tx, docId);
        if (envelope?.status !== "pending") throw noSigningRequest();
        const now = clock();
        if (
          envelope.lastReminderAt &&
          now.getTime() - envelope.lastReminderAt.getTime() < SIGNING_REMINDER_GUARD_MS
        ) {
          throw new AppError(409, REMINDER_JUST_SENT);
        }
        const recipients = await tx
          .select()
          .from(signingRecipients)
          .where(eq(signingRecipients.envelopeId, envelope.id))
          .for("update");
        const due = recipients.filter(
          (r) =>
            r.status === "pending" &&
            !recipients.some((o) => o.groupIndex < r.groupIndex && o.status !== "signed"),
        );
        const firm = await firmName(tx, ctx.teamId);
        for (const recipient of due) {
          let token = links.open(recipient);
          if (!token) {
            // A link made before links were kept sealed: it cannot be re-sent, so it is replaced.
            const fresh = newSigningToken();
            token = fresh.token;
            await tx
              .update(signingRecipients)
              .set({ tokenHash: fresh.tokenHash, tokenSealed: links.seal(fresh.token, fresh.tokenHash) })
              .where(eq(signingRecipients.id, recipient.id));
          }
          const message = signingMail({
            kind: "reminder",
            recipientName: recipient.fullName,
            senderName,
            firmName: firm,
            documentName: doc.name,
            subject: envelope.emailSubject,
            body: "",
            notes,
            link: signingLink(publicUrl, token),
            dueDate: envelope.dueDate,
          });
          await mail.enqueue(tx, {
            to: recipient.email,
            ...message,
            key: `signing:${envelope.id}:${recipient.id}:reminder:${now.getTime()}`,
          });
        }
        await tx
          .update(signingEnvelopes)
          .set({ lastReminderAt: now, updatedAt: now })
          .where(eq(signingEnvelopes.id, envelope.id));
        await recordEvent(tx, {
          envelopeId: envelope.id,
          teamId: ctx.teamId,
          action: "reminded",
          description: `${senderName} sent a reminder to ${due.length} ${due.length === 1 ? "recipient" : "recipients"}`,
          ...(notes.trim() ? { note: notes.trim() } : {}),
        });
        return due.length;
      });
      mail.sendSoon();
      return reminded;
    },

    /**
     * GET /signing/document/download: the sealed signed PDF of a signed document (status 3), or its
     * audit certificate pages on their own. The sealed file is read as stored, never re-made.
     */
    async signedDownload(ctx: FirmContext, docId: number, file: "signed" | "certificate") {
      const { doc, envelope } = await db.transaction(async (tx) => {
        const { doc } = await visible(tx, ctx, docId, false);
        return { doc, envelope: await latestEnvelope(tx, docId) };
      });
      if (doc.status !== 3 || envelope?.status !== "completed" || !envelope.signedSha256) {
        throw new AppError(409, SIGNED_PDF_NOT_READY);
      }
      const sealed = await files.get(envelope.signedSha256);
      if (!sealed) throw new AppError(409, SIGNED_PDF_NOT_READY);
      const baseName = doc.name.replace(/[\\/:*?"<>|]+/g, " ").trim() || `Document ${doc.id}`;
      if (file === "signed") return { bytes: sealed.bytes, name: `${baseName} (signed).pdf` };
      // The certificate pages are the ones the seal appended after the original's.
      const original = await files.get(envelope.originalSha256);
      if (!original) throw new AppError(409, SIGNED_PDF_NOT_READY);
      const originalPages = (
        await PDFDocument.load(original.bytes, { updateMetadata: false })
      ).getPageCount();
      const signed = await PDFDocument.load(sealed.bytes, { updateMetadata: false });
      const certificate = await PDFDocument.create();
      const indices = signed.getPageIndices().slice(originalPages);
      for (const page of await certificate.copyPages(signed, indices)) certificate.addPage(page);
      certificate.setTitle(`Certificate of signing: ${doc.name}`);
      // Sealed as the signed PDF is: its text says the certificate is sealed, and so it is.
      const sealedCertificate = await deps.sealFile(await certificate.save({ useObjectStreams: false }), {
        reason: `Certificate of signing: ${doc.name}`,
        firmName: await db.transaction((tx) => firmName(tx, ctx.teamId)),
        signingTime: envelope.completedAt ?? envelope.updatedAt,
      });
      return { bytes: sealedCertificate, name: `${baseName} (certificate).pdf` };
    },

    /** POST /fusesign/webhook (see fusesign/webhook.ts). */
    fuseSignWebhook: createFuseSignWebhook({ db, clock, files, fusesign, recordEvent }),

    /** The execution rules with their sources, for the wizard and the docs. */
    executionRules: EXECUTION_RULES,
  };
}
