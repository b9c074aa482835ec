import {
  ASIC_APPLICATION_READ_ONLY,
  ASIC_STEPS_DOCUMENT_FINISHED,
  CANNOT_APPLY_NAME,
  type CheckAddressRequest,
  type CheckCompanyNameRequest,
  companyNameNeedsReview,
  companyNameNotAvailable,
  DIRECTOR_ID_CONFIRMATIONS_REQUIRED,
  LEGAL_ELEMENT_WITH_NAME,
  NOT_AN_ASIC_DOCUMENT,
  PRE_REGISTRATION_CONSENT_REQUIRED,
  type PreConsentState,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import {
  allowedInSomeTab,
  canInterviewDocument,
  canRenameDocument,
  type DocumentsService,
  EDITABLE_STATUSES,
} from "../documents/index.ts";
import type { LogsService } from "../logs/index.ts";
import { acknowledgementToRecord } from "./acknowledgement.ts";
import { checkAddress } from "./address.ts";
import {
  canRecordAsicAnswers,
  directorConfirmationsAcceptable,
  isLodgedOrDecided,
  isPreConsentComplete,
} from "./policy.ts";
import type { AsicPort } from "./port.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";

export type AsicService = ReturnType<typeof createAsicService>;

type ApplyInput = {
  doc_id: number;
  proposed_name?: string;
  legal_element?: string;
  pre_registration_consent?: boolean;
  pre_director_read?: boolean;
  pre_director_offences?: boolean;
  pre_director_requirement?: boolean;
  acknowledgement?: "yes";
  acknowledgement_date?: string;
  acknowledgement_user?: string;
};

const documentNotFound = () => notFound("Document not found.");

export function createAsicService(deps: {
  db: Database;
  clock: Clock;
  regulator: AsicPort;
  documents: Pick<DocumentsService, "documentAccess" | "loadForChange">;
  logs: Pick<LogsService, "recordAction">;
}) {
  const { db, clock, regulator, documents, logs } = deps;

  /** Every call to the regulator goes to the Document Logs, type ASIC (interview spec §5). */
  const log = (
    ctx: FirmContext,
    docId: number | null,
    action: string,
    isSuccess: boolean,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
    message: string,
  ) =>
    logs.recordAction(db, {
      teamId: ctx.teamId,
      docId,
      docType: "ASIC",
      userId: ctx.userId,
      action,
      isSuccess,
      request,
      response: { status: 200, ...response },
      message,
    });

  /** A document of the firm the actor can see, or 404 (another firm's looks like none). */
  async function requireVisible(ctx: FirmContext, docId: number) {
    if ((await documents.documentAccess(ctx, docId)) !== "visible") throw documentNotFound();
  }

  async function readAnswers(docId: number) {
    const [row] = await db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, docId));
    return row;
  }

  return {
    /** POST asic/check-address: the address's problems, or none; an invalid one may still go on. */
    async checkAddress(ctx: FirmContext, input: CheckAddressRequest) {
      if (input.doc_id !== undefined) await requireVisible(ctx, input.doc_id);
      const reply = checkAddress(input);
      if (input.doc_id !== undefined) {
        const { doc_id: _docId, ...address } = input;
        await log(
          ctx,
          input.doc_id,
          "asic/check-address",
          reply.data.isValid,
          address,
          reply.data,
          reply.message,
        );
      }
      return reply;
    },

    /** POST asic/check-company-name: success, manual or error, with the reason. */
    async checkCompanyName(ctx: FirmContext, input: CheckCompanyNameRequest) {
      if (input.doc_id !== undefined) await requireVisible(ctx, input.doc_id);
      const name = `${input.company_name} ${input.legal_element}`;
      const check = await regulator.checkCompanyName(input.company_name, input.legal_element);
      const message =
        check.outcome === "success"
          ? ""
          : check.outcome === "manual"
            ? companyNameNeedsReview(name)
            : companyNameNotAvailable(name);
      const data = {
        is_available: check.outcome !== "error",
        is_manual_check: check.outcome === "manual",
        reason: check.outcome === "success" ? null : check.reason,
      };
      await log(
        ctx,
        input.doc_id ?? null,
        "asic/check-company-name",
        check.outcome !== "error",
        { company_name: input.company_name, legal_element: input.legal_element },
        data,
        message,
      );
      return { message, data };
    },

    /**
     * POST asic/apply-proposed-name: applies for the proposed name for a registration document
     * and records the wizard's consent and Director ID confirmations. A name not available is
     * answered `applied: false` with the reason, and nothing else changes.
     */
    async applyProposedName(ctx: FirmContext, input: ApplyInput) {
      if (input.proposed_name !== undefined && input.legal_element === undefined) {
        throw badRequest(LEGAL_ELEMENT_WITH_NAME, [
          { field: "legal_element", message: LEGAL_ELEMENT_WITH_NAME },
        ]);
      }
      const confirmations = [
        input.pre_director_read,
        input.pre_director_offences,
        input.pre_director_requirement,
      ];
      if (!directorConfirmationsAcceptable(confirmations)) {
        throw badRequest(DIRECTOR_ID_CONFIRMATIONS_REQUIRED, [
          { field: "pre_director_requirement", message: DIRECTOR_ID_CONFIRMATIONS_REQUIRED },
        ]);
      }
      if (input.pre_registration_consent === false) {
        throw badRequest(PRE_REGISTRATION_CONSENT_REQUIRED, [
          { field: "pre_registration_consent", message: PRE_REGISTRATION_CONSENT_REQUIRED },
        ]);
      }
      const loaded = await documents.loadForChange(db, ctx, input.doc_id, false);
      if (!loaded) throw documentNotFound();
      const mayInterview = allowedInSomeTab(canInterviewDocument, ctx, loaded.facts);
      if (!canRecordAsicAnswers(loaded.doc, mayInterview)) {
        if (loaded.doc.type !== "ASIC") throw new AppError(409, NOT_AN_ASIC_DOCUMENT);
        // Whoever could interview it while drafted is told why a finished one refuses.
        if (
          !EDITABLE_STATUSES.has(loaded.doc.status) &&
          allowedInSomeTab(canRenameDocument, ctx, loaded.facts)
        )
          throw new AppError(409, ASIC_STEPS_DOCUMENT_FINISHED);
        throw forbidden("Only whoever may interview this document can record its ASIC details.");
      }

      // Lodged with ASIC: the name is the application's for good (until ASIC rejects it).
      const [application] = await db
        .select({ asicStatus: asicApplications.asicStatus })
        .from(asicApplications)
        .where(eq(asicApplications.docId, input.doc_id));
      if (application && isLodgedOrDecided(application.asicStatus)) {
        throw new AppError(409, ASIC_APPLICATION_READ_ONLY);
      }
      // Checked before the name is applied for, so a refused acknowledgement changes nothing.
      const acknowledged = await acknowledgementToRecord(db, ctx.teamId, loaded.doc, {
        ...input,
        recordsDirectorId: input.pre_director_read === true,
      });
      const applying = input.proposed_name !== undefined && input.legal_element !== undefined;
      const result = applying
        ? await regulator.applyForName({
            name: input.proposed_name as string,
            legalElement: input.legal_element as string,
            teamId: ctx.teamId,
            docId: input.doc_id,
          })
        : undefined;

      const consents = {
        ...(input.pre_registration_consent ? { preRegistrationConsent: true } : {}),
        ...(input.pre_director_read
          ? { preDirectorRead: true, preDirectorOffences: true, preDirectorRequirement: true }
          : {}),
      };
      const named = result?.applied
        ? { proposedName: input.proposed_name as string, legalElement: input.legal_element as string }
        : {};
      const now = clock();
      const [answers] = await db
        .insert(asicNameApplications)
        .values({
          teamId: ctx.teamId,
          docId: input.doc_id,
          ...named,
          ...consents,
          ...acknowledged,
          updatedBy: ctx.userId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: asicNameApplications.docId,
          set: { ...named, ...consents, ...acknowledged, updatedBy: ctx.userId, updatedAt: now },
        })
        .returning();
      const data = {
        applied: result ? result.applied : null,
        reason: result && !result.applied ? result.reason : null,
        is_pre_consent: answers ? isPreConsentComplete(answers) : false,
      };
      const message =
        result && !result.applied
          ? `${CANNOT_APPLY_NAME}: ${companyNameNotAvailable(`${input.proposed_name} ${input.legal_element}`)}`
          : "";
      await log(
        ctx,
        input.doc_id,
        "asic/apply-proposed-name",
        result?.applied !== false,
        { ...input },
        data,
        message,
      );
      return { message, data };
    },

    /** POST asic/check-pre-consent: what the wizard recorded, and whether the consents are complete. */
    async checkPreConsent(ctx: FirmContext, docId: number) {
      await requireVisible(ctx, docId);
      const answers = await readAnswers(docId);
      const data: PreConsentState = {
        is_pre_consent: answers ? isPreConsentComplete(answers) : false,
        proposed_name: answers?.proposedName ?? null,
        legal_element: answers?.legalElement ?? null,
        pre_registration_consent: answers?.preRegistrationConsent ?? false,
        pre_director_read: answers?.preDirectorRead ?? false,
        pre_director_offences: answers?.preDirectorOffences ?? false,
        pre_director_requirement: answers?.preDirectorRequirement ?? false,
      };
      await log(ctx, docId, "asic/check-pre-consent", data.is_pre_consent, { doc_id: docId }, data, "");
      return { message: "", data };
    },
  };
}
