import {
  ConfirmSigningRequest as ConfirmSchema,
  type ConfirmSigningRequest,
  FIELD_REQUIRED,
  type FieldError,
  FUSESIGN_NOT_CONNECTED,
  NO_SIGNERS,
  NOT_ASSEMBLED,
  SIGNER_MISSING,
  SIGNER_NAME_FALLBACK,
  UNKNOWN_SIGNATURE_BOX,
} from "@precedent/contracts";
import type { Answers } from "@precedent/docgen";
import { AppError, badRequest } from "../../errors.ts";
import { endOfSydneyDay, sydneyDay } from "../../platform/kernel/calendar.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import { firmName } from "../teams/index.ts";
import { confirmErrors } from "./confirm-rules.ts";
import type { SigningRecords } from "./envelope-records.ts";
import { signingLink, signingMail } from "./notifications.ts";
import { partiesOf } from "./parties.ts";
import { sendRefusal } from "./policy.ts";
import { type StoredSignatureField, signingEnvelopes, signingRecipients } from "./schema.ts";
import type { SigningServiceDeps } from "./service-deps.ts";
import { newSigningToken, type SigningLinkBox } from "./tokens.ts";
import { witnessErrors, witnessRuleInput } from "./witness-rule.ts";

// Sending a document for signing (interview-signing spec §2, §4): who signs it, and the confirm
// that checks every rule, lays out the signature boxes, and creates the request with its links and
// emails (or hands it to FuseSign). The longest part of the sender's side, on its own.

export function createSigningSend(
  deps: SigningServiceDeps,
  records: Pick<SigningRecords, "visible" | "voidPending" | "recordEvent">,
  links: SigningLinkBox,
) {
  const { db, clock, documents, files, library, mail, users, fusesign, publicUrl } = deps;
  const { visible, voidPending, recordEvent } = records;

  return {
    /** GET /signing/list-signer: the document's signers and witnesses, and whether it may be signed electronically. */
    async listSigners(ctx: FirmContext, docId: number) {
      const doc = await db.transaction(async (tx) => (await visible(tx, ctx, docId, false)).doc);
      const { list, execution } = await partiesOf(library, doc);
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
        const pdf = await documents.assembledPdf(tx, input.doc_id);
        if (!pdf) throw new AppError(409, NOT_ASSEMBLED);
        return { ...found, pdf };
      });
      if (input.provider === "fusesign" && !fusesign) throw new AppError(409, FUSESIGN_NOT_CONNECTED);
      const errors = confirmErrors(input, sydneyDay(clock()));
      if (errors.length > 0) throw badRequest(errors[0]?.message ?? FIELD_REQUIRED, errors);
      const { template, execution } = await partiesOf(library, before.doc);
      if (!execution.electronic) throw new AppError(409, execution.message);
      const witnessProblems = witnessErrors(witnessRuleInput(template, before.doc.xml as Answers, input));
      if (witnessProblems.length > 0) throw badRequest(witnessProblems[0]?.message ?? "", witnessProblems);

      // The signature boxes of the version the document was assembled from.
      const madeFrom = await library.at(template.identifier, before.doc.templateVersion ?? 1);
      const rendered = await deps.engine.renderPdf(
        ctx.teamId,
        madeFrom ?? template,
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
  };
}
