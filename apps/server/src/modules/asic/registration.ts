import {
  ASIC_KIT_ALREADY_MADE,
  ASIC_KIT_NOT_REGISTERED,
  ASIC_NO_PAYMENT_STARTED,
  ASIC_PAYMENT_ALREADY_PAID,
  ASIC_TRANSACTION_STATUS_FAILED,
  type AsicApplicationState,
  asicGatewayLocked,
  asicNameNoLongerAvailable,
  asicPaymentStillOpen,
  type CompanyKitDocument,
  companyKitMade,
  NOT_AN_ASIC_DOCUMENT,
} from "@precedent/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import type { Database } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import { formatNumericDay } from "../../platform/kernel/calendar.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { type DocumentsService, documentAnswersSql } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { LogsService } from "../logs/index.ts";
import { type TemplateLibrary, templateName } from "../templates/index.ts";
import {
  COMPANY_KIT_TEMPLATES,
  companyKindOf,
  companyKitAnswers,
  companyKitKindRefusal,
  companyKitRefusal,
  companyNameOf,
} from "./company-kit.ts";
import type {} from "./events.ts";
import { createAsicLodgement, type LodgementSteps } from "./lodgement.ts";
import { applicationState, firmTime } from "./policy.ts";
import type { AsicPort } from "./port.ts";
import { GATEWAY_LOCK_MS } from "./sandbox/sandbox-lodgement.ts";
import { asicApplications, asicNameApplications } from "./schema.ts";

type ApplicationRow = typeof asicApplications.$inferSelect;
/** An application with its registration's type of company, which decides whether a kit can be made. */
type ApplicationWithKind = ApplicationRow & { companyKind: string | null };

/**
 * The registration document's type and class of company, read from its answers: the application's
 * document of the same firm (the tables are distributed by firm). Its columns are named with their
 * table: these statements read one table, which leaves its columns unqualified, and inside the
 * documents module's subquery they would be taken for the document's own.
 */
const companyKindColumn = sql<string | null>`nullif(${documentAnswersSql({
  docId: sql`${asicApplications}.${sql.identifier("doc_id")}`,
  teamId: sql`${asicApplications}.${sql.identifier("team_id")}`,
})} ->> 'company_kind', '')`;
export type AsicRegistration = ReturnType<typeof createAsicRegistration>;

export {
  LODGEMENT_SEND_JOB,
  LODGEMENT_STATUS_JOB,
  type LodgementStep,
  type LodgementSteps,
} from "./lodgement.ts";

const documentNotFound = () => notFound("Document not found.");

/**
 * The ASIC fee and lodgement of registration documents (interview spec §4 "ASIC application"):
 * the fee is paid once through the regulator's gateway, the paid application is lodged once,
 * and a queued job follows ASIC's decision to COMP (ACN, date, certificate) or another status.
 */
export function createAsicRegistration(deps: {
  db: Database;
  clock: Clock;
  regulator: AsicPort;
  documents: Pick<DocumentsService, "loadForChange" | "createDraftIn">;
  /** The company kit's documents are answered and assembled as the interview does it. */
  interview: Pick<InterviewService, "issueToken" | "save" | "assemble">;
  library: TemplateLibrary;
  logs: Pick<LogsService, "recordAction">;
  files: FileStore;
  jobs: JobQueue;
  /** ASIC's fee from settings, in cents. */
  feeCents: number;
  /** How often a lodgement's status is asked for while ASIC decides. */
  pollMs: number;
  /** Where "asic.company-registered" is raised, once per registration (./events.ts). */
  events?: EventRaiser;
  /** Told as a lodgement passes each step (lodgement.ts). */
  lodgementSteps?: LodgementSteps;
}) {
  const { db, clock, regulator, documents, interview, library, logs, files, jobs, feeCents, pollMs } = deps;

  const log = (
    teamId: number,
    userId: number,
    docId: number,
    action: string,
    isSuccess: boolean,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
    message: string,
  ) =>
    logs.recordAction(db, {
      teamId,
      docId,
      docType: "ASIC",
      userId,
      action,
      isSuccess,
      request,
      response: { status: isSuccess ? 200 : 409, ...response },
      message,
    });

  const stateOf = (row: ApplicationWithKind | undefined): AsicApplicationState =>
    applicationState(row, { now: clock(), feeCents });

  async function readRow(docId: number): Promise<ApplicationWithKind | undefined> {
    const [found] = await db
      .select({ row: asicApplications, companyKind: companyKindColumn })
      .from(asicApplications)
      .where(eq(asicApplications.docId, docId));
    return found && { ...found.row, companyKind: found.companyKind };
  }

  /**
   * A registration document the actor can see, or 404 (another firm's looks like none) or 409.
   * Paying and lodging follow the document through signing (status 3 to 5), so they ask only
   * that the document be visible, not that it may still be interviewed.
   */
  async function requireActionable(ctx: FirmContext, docId: number) {
    const loaded = await documents.loadForChange(db, ctx, docId, false);
    if (!loaded) throw documentNotFound();
    if (loaded.doc.type !== "ASIC") throw new AppError(409, NOT_AN_ASIC_DOCUMENT);
    return loaded;
  }

  /** The application's row, made on first use. */
  async function ensureRow(teamId: number, docId: number) {
    await db
      .insert(asicApplications)
      .values({ teamId, docId, updatedAt: clock() })
      .onConflictDoNothing({ target: asicApplications.docId });
  }

  /**
   * Records what the gateway says of the application's current transaction, once: an approved
   * one makes the application paid (only while it is unpaid and still on that transaction), a
   * declined one frees the gateway.
   */
  async function settle(docId: number, transactionNumber: string) {
    const state = await regulator.feePaymentState(transactionNumber);
    if (!state) return null;
    const current = and(
      eq(asicApplications.docId, docId),
      eq(asicApplications.transactionNumber, transactionNumber),
      eq(asicApplications.paymentStatus, "unpaid"),
    );
    if (state.state === "approved") {
      await db
        .update(asicApplications)
        .set({
          paymentStatus: "paid",
          receiptNumber: state.receiptNum,
          declinedCode: null,
          declinedMessage: null,
          paidAt: clock(),
          gatewayLockedUntil: null,
          updatedAt: clock(),
        })
        .where(current);
    } else if (state.state === "declined") {
      await db
        .update(asicApplications)
        .set({
          declinedCode: state.declinedCode,
          declinedMessage: state.declinedMessage,
          gatewayLockedUntil: null,
          updatedAt: clock(),
        })
        .where(current);
    }
    return state;
  }

  const lodgement = createAsicLodgement({
    db,
    clock,
    regulator,
    jobs,
    files,
    pollMs,
    steps: deps.lodgementSteps,
    stateOf,
    readRow,
    log,
    // Raised once ASIC's decision is stored (lodgement.ts keeps no transaction open there).
    onRegistered: (registered) =>
      deps.events?.raise(db, "asic.company-registered", registered) ?? Promise.resolve(),
  });

  /**
   * The application's name: the one checked and applied for in the start wizard (or the ACN, when
   * the interview chose it), with the wizard's legal element. Null when there is none to lodge.
   */
  async function applicationName(docId: number, answers: Record<string, unknown>) {
    const [named] = await db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, docId));
    const useAcn = answers.name_choice === "acn";
    const legalElement =
      named?.legalElement ?? (typeof answers.legal_element === "string" ? answers.legal_element : null);
    if (!legalElement || (!useAcn && !named?.proposedName)) return null;
    return { proposedName: useAcn ? null : (named?.proposedName ?? null), legalElement };
  }

  /**
   * The name checked again with the regulator, as the wizard checked it (the application keeps its
   * own claim on it): one another applicant took meanwhile, or one now unacceptable, is refused.
   */
  async function recheckName(
    ctx: FirmContext,
    docId: number,
    named: { proposedName: string | null; legalElement: string },
    action: string,
  ) {
    if (named.proposedName === null) return;
    const result = await regulator.applyForName({
      name: named.proposedName,
      legalElement: named.legalElement,
      teamId: ctx.teamId,
      docId,
    });
    if (result.applied) return;
    const message = asicNameNoLongerAvailable(`${named.proposedName} ${named.legalElement}`, result.reason);
    await log(ctx.teamId, ctx.userId, docId, action, false, { doc_id: docId }, {}, message);
    throw new AppError(409, message);
  }

  /**
   * An interrupted payment whose transaction the gateway still takes is offered again (the same
   * transaction, so it is paid at most once); one the gateway no longer takes (expired or
   * abandoned) frees the lock, and a new payment may start.
   */
  async function resumeOpenPayment(ctx: FirmContext, input: { doc_id: number; redirect_url: string }) {
    const row = await readRow(input.doc_id);
    const locked = row?.gatewayLockedUntil && row.gatewayLockedUntil > clock();
    if (!row?.transactionNumber || row.paymentStatus !== "unpaid" || !locked) return null;
    const open = await regulator.resumeFeePayment(row.transactionNumber);
    if (!open) {
      await db
        .update(asicApplications)
        .set({ gatewayLockedUntil: null, updatedAt: clock() })
        .where(
          and(
            eq(asicApplications.id, row.id),
            eq(asicApplications.transactionNumber, row.transactionNumber),
            eq(asicApplications.paymentStatus, "unpaid"),
          ),
        );
      return null;
    }
    const data = {
      payment: {
        paymentURL: open.paymentUrl,
        transactionNumber: row.transactionNumber,
        amount: (row.feeCents ?? feeCents) / 100,
      },
      messageEvent: null,
    };
    await log(
      ctx.teamId,
      ctx.userId,
      input.doc_id,
      "asic/init-payment",
      true,
      { ...input, resumed: true },
      data,
      "",
    );
    return { message: "", data };
  }

  /** The company kit's documents this actor can see, in the kit's order. */
  async function kitDocuments(ctx: FirmContext, ids: readonly number[]): Promise<CompanyKitDocument[]> {
    const found: CompanyKitDocument[] = [];
    for (const id of ids) {
      const loaded = await documents.loadForChange(db, ctx, id, false);
      if (!loaded) continue;
      const { doc } = loaded;
      found.push({ id, name: doc.name, template_identifier: doc.xTemplateId ?? "", status: doc.status });
    }
    return found;
  }

  return {
    /** The application's state for the interview's top bar (asic/application), with the kit's documents. */
    async application(ctx: FirmContext, docId: number) {
      await requireActionable(ctx, docId);
      const row = await readRow(docId);
      return {
        message: "",
        data: { ...stateOf(row), company_kit_documents: await kitDocuments(ctx, row?.kitDocIds ?? []) },
      };
    },

    /**
     * POST asic/company-kit: once ASIC has registered the company, the constitution, the officers'
     * consents, the first directors' minutes and the share certificates and registers, made as new
     * documents of the firm in the registration's folder, answered from the application and
     * assembled. Made once: the application's row lock lets one of two calls at once make it, and
     * the other (or any later call) is refused with 409. Included with the registration: no plan
     * use or order is taken (docs/decisions.md).
     */
    async createCompanyKit(ctx: FirmContext, docId: number) {
      const { doc } = await requireActionable(ctx, docId);
      const lodged = (await readRow(docId))?.lodgedApplication;
      // The company's name is the one lodged (and so certified), whatever the answers hold.
      const answers = {
        ...((doc as { xml?: Record<string, unknown> }).xml ?? {}),
        ...(lodged
          ? {
              name_choice: lodged.proposedName === null ? "acn" : "name",
              proposed_name: lodged.proposedName ?? "",
              legal_element: lodged.legalElement,
            }
          : {}),
      };
      // The type of company does not change once lodged: refused whatever ASIC has decided so far.
      const companyKind = companyKindOf(answers);
      const kindRefusal = companyKitKindRefusal(companyKind);
      if (kindRefusal) {
        await log(
          ctx.teamId,
          ctx.userId,
          docId,
          "asic/company-kit",
          false,
          { doc_id: docId },
          { status: 400 },
          kindRefusal,
        );
        throw new AppError(400, kindRefusal);
      }
      // The kit goes where the registration is, when this user may add documents there (their own
      // folder, or a shared one unless on the Lite plan); otherwise to their My Documents.
      const mayAddThere =
        doc.createdBy === ctx.userId || (doc.homedInSharedFolder && ctx.planSlug !== LITE_PLAN_SLUG);
      const folderId = doc.folderId !== null && mayAddThere ? doc.folderId : null;
      const made = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(asicApplications)
          .where(eq(asicApplications.docId, docId))
          .for("update");
        if (row?.asicStatus !== "COMP" || !row.acn || !row.registrationDate) {
          return { refused: ASIC_KIT_NOT_REGISTERED } as const;
        }
        // Registered, and of the kit's type (refused above): made already is the one reason left.
        if (row.kitCreatedAt) return { refused: ASIC_KIT_ALREADY_MADE } as const;
        const refusal = companyKitRefusal(answers);
        if (refusal) return { refused: refusal } as const;
        const kitAnswers = companyKitAnswers({
          answers,
          acn: row.acn,
          registrationDate: row.registrationDate,
          kitDate: formatNumericDay(clock()),
        });
        const companyName = companyNameOf(answers, row.acn);
        const created: { id: number; answers: Record<string, unknown> }[] = [];
        for (const identifier of COMPANY_KIT_TEMPLATES) {
          const template = library.get(identifier);
          if (!template) throw new Error(`The company kit's template ${identifier} is missing`);
          const name = templateName(template);
          const id = await documents.createDraftIn(tx, ctx, {
            folder_id: folderId,
            name: `${name} - ${companyName}`.slice(0, 200),
            template_name: name,
            x_template_id: identifier,
            is_asic_document: 0,
          });
          created.push({ id, answers: kitAnswers[identifier] });
        }
        const now = clock();
        await tx
          .update(asicApplications)
          .set({
            kitCreatedAt: now,
            kitCreatedBy: ctx.userId,
            kitDocIds: created.map((c) => c.id),
            updatedAt: now,
          })
          .where(eq(asicApplications.id, row.id));
        return { created } as const;
      });
      if ("refused" in made) {
        const refused = made.refused as string;
        await log(ctx.teamId, ctx.userId, docId, "asic/company-kit", false, { doc_id: docId }, {}, refused);
        throw new AppError(409, refused);
      }
      // Each document answered and assembled as the interview does it (in its own transactions: the
      // rendering takes a while). One that cannot be assembled stays In Progress with its answers.
      const notAssembled: { id: number; message: string }[] = [];
      for (const kitDoc of made.created) {
        try {
          const token = await interview.issueToken(ctx, kitDoc.id);
          const saved = await interview.save(ctx, kitDoc.id, kitDoc.answers, token);
          if (!saved.status) throw new AppError(409, "The document is open in another tab.");
          await interview.assemble(ctx, kitDoc.id, token);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          notAssembled.push({ id: kitDoc.id, message: error.message });
        }
      }
      const kit = await kitDocuments(
        ctx,
        made.created.map((c) => c.id),
      );
      const message = companyKitMade(kit.map((d) => d.name));
      await log(
        ctx.teamId,
        ctx.userId,
        docId,
        "asic/company-kit",
        notAssembled.length === 0,
        { doc_id: docId },
        { documents: kit.map((d) => d.id), not_assembled: notAssembled },
        message,
      );
      return {
        message,
        data: { documents: kit, not_assembled: notAssembled, application: stateOf(await readRow(docId)) },
      };
    },

    /**
     * POST asic/init-payment: starts the fee transaction and answers the gateway's address. A paid
     * application is refused; while an earlier transaction is unfinished the gateway is locked
     * (3 hours) and the application RESERVED. Two at once: the row lock lets one start.
     */
    async initPayment(ctx: FirmContext, input: { doc_id: number; redirect_url: string }) {
      const loaded = await requireActionable(ctx, input.doc_id);
      await ensureRow(ctx.teamId, input.doc_id);
      const before = await readRow(input.doc_id);
      // The user may have paid or been declined without coming back: ask the gateway first.
      if (before?.transactionNumber && before.paymentStatus === "unpaid") {
        await settle(input.doc_id, before.transactionNumber);
      }
      const answers = (loaded.doc as { xml?: Record<string, unknown> }).xml ?? {};
      const named = await applicationName(input.doc_id, answers);
      if (named && before?.paymentStatus !== "paid") {
        await recheckName(ctx, input.doc_id, named, "asic/init-payment");
      }
      const resumed = await resumeOpenPayment(ctx, input);
      if (resumed) return resumed;
      const now = clock();
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(asicApplications)
          .where(eq(asicApplications.docId, input.doc_id))
          .for("update");
        if (!row) throw documentNotFound();
        if (row.paymentStatus === "paid") return { refused: ASIC_PAYMENT_ALREADY_PAID } as const;
        if (row.gatewayLockedUntil && row.gatewayLockedUntil > now) {
          return { refused: asicGatewayLocked(firmTime(row.gatewayLockedUntil)) } as const;
        }
        await tx
          .update(asicApplications)
          .set({
            transactionNumber: null,
            paymentStartedAt: now,
            gatewayLockedUntil: new Date(now.getTime() + GATEWAY_LOCK_MS),
            declinedCode: null,
            declinedMessage: null,
            feeCents,
            updatedAt: now,
          })
          .where(eq(asicApplications.id, row.id));
        return { id: row.id } as const;
      });
      if ("refused" in claimed) {
        const refused = claimed.refused as string;
        await log(ctx.teamId, ctx.userId, input.doc_id, "asic/init-payment", false, input, {}, refused);
        throw new AppError(409, refused);
      }
      try {
        const started = await regulator.startFeePayment({
          amountCents: feeCents,
          returnUrl: input.redirect_url,
        });
        await db
          .update(asicApplications)
          .set({ transactionNumber: started.transactionNumber, updatedAt: clock() })
          .where(eq(asicApplications.id, claimed.id));
        const data = {
          payment: {
            paymentURL: started.paymentUrl,
            transactionNumber: started.transactionNumber,
            amount: feeCents / 100,
          },
          messageEvent: null,
        };
        await log(ctx.teamId, ctx.userId, input.doc_id, "asic/init-payment", true, input, data, "");
        return { message: "", data };
      } catch (error) {
        // The gateway did not start a transaction: nothing holds it.
        await db
          .update(asicApplications)
          .set({ gatewayLockedUntil: null, updatedAt: clock() })
          .where(eq(asicApplications.id, claimed.id));
        const description = `The ASIC payment gateway did not answer: ${error instanceof Error ? error.message : String(error)}`;
        const data = { payment: null, messageEvent: { errorCode: "GATEWAY", description } };
        await log(ctx.teamId, ctx.userId, input.doc_id, "asic/init-payment", false, input, data, description);
        return { message: description, data };
      }
    },

    /**
     * POST asic/get-transaction-status: the gateway's word on the current transaction, recorded
     * once. An unfinished one answers declinedCode RESERVED: the gateway is locked for 3 hours.
     */
    async transactionStatus(ctx: FirmContext, docId: number) {
      await requireActionable(ctx, docId);
      const row = await readRow(docId);
      if (!row?.transactionNumber) throw new AppError(409, ASIC_NO_PAYMENT_STARTED);
      const state = await settle(docId, row.transactionNumber);
      if (!state) throw new AppError(502, ASIC_TRANSACTION_STATUS_FAILED);
      const after = await readRow(docId);
      const feePayment =
        state.state === "pending"
          ? {
              declinedCode: "RESERVED",
              declinedMessage: asicPaymentStillOpen(firmTime(after?.gatewayLockedUntil ?? clock())),
              receiptNum: null,
            }
          : {
              declinedCode: state.declinedCode,
              declinedMessage: state.declinedMessage,
              receiptNum: state.receiptNum,
            };
      const data = { businessDocumentBody: { feePayment }, application: stateOf(after) };
      await log(
        ctx.teamId,
        ctx.userId,
        docId,
        "asic/get-transaction-status",
        feePayment.declinedCode === null,
        { doc_id: docId, transaction_number: row.transactionNumber },
        { feePayment },
        feePayment.declinedMessage ?? "",
      );
      return { message: "", data };
    },

    /**
     * POST asic/registration-company-lodgement (lodgement.ts): the application's own name, checked
     * again first (a name another applicant took meanwhile is refused before anything is sent),
     * while this submit holds the application: a second submit at once waits for it, and never
     * checks the name beside this one's check or lodgement.
     */
    async lodge(ctx: FirmContext, docId: number) {
      const loaded = await requireActionable(ctx, docId);
      const answers = (loaded.doc as { xml?: Record<string, unknown> }).xml ?? {};
      const named = await applicationName(docId, answers);
      await ensureRow(ctx.teamId, docId);
      const recheck = named
        ? () => recheckName(ctx, docId, named, "asic/registration-company-lodgement")
        : undefined;
      return lodgement.lodge(ctx, docId, named && { ...named, answers }, recheck);
    },

    /** The queued jobs: an interrupted lodgement finished, and ASIC's decision followed. */
    sendLodgement: (docId: number) => lodgement.send(docId).then(() => undefined),
    followLodgement: (docId: number) => lodgement.followLodgement(docId),

    /** GET asic/certificate: the Certificate of Registration, within 30 days of registration. */
    async certificate(ctx: FirmContext, docId: number) {
      await requireActionable(ctx, docId);
      const row = await readRow(docId);
      const state = stateOf(row);
      if (!row?.certificateSha256 || !state.certificate_download_url) {
        throw notFound(
          "No Certificate of Registration can be downloaded for this document (it is kept for 30 days after registration).",
        );
      }
      const file = await files.get(row.certificateSha256);
      if (!file) throw notFound("The Certificate of Registration is missing.");
      return { bytes: file.bytes, fileName: `Certificate of Registration ${state.acn ?? ""}.pdf` };
    },

    /** The list's ASIC columns for these documents of one firm. */
    rowColumns: (teamId: number, docIds: number[]) =>
      asicRowColumns(db, teamId, docIds, { now: clock(), feeCents }),
  };
}

/** ASIC's fee for registering a proprietary company with share capital from 1 July 2024 ($597). */
export const DEFAULT_ASIC_FEE_CENTS = 59_700;

/**
 * The document list's ASIC columns (interview spec §3): payment and ASIC status with their names,
 * transaction and receipt numbers, the ACN and the certificate's address, for each of `docIds`
 * of the firm `teamId` (a document without an application gets the defaults).
 */
export async function asicRowColumns(
  db: Database,
  teamId: number,
  docIds: number[],
  options: { now?: Date; feeCents?: number } = {},
): Promise<Map<number, AsicApplicationState>> {
  const result = new Map<number, AsicApplicationState>();
  if (docIds.length === 0) return result;
  const rows = await db
    .select({ row: asicApplications, companyKind: companyKindColumn })
    .from(asicApplications)
    .where(and(eq(asicApplications.teamId, teamId), inArray(asicApplications.docId, docIds)));
  const byDoc = new Map(rows.map(({ row, companyKind }) => [row.docId, { ...row, companyKind }]));
  const settings = { now: options.now ?? new Date(), feeCents: options.feeCents ?? DEFAULT_ASIC_FEE_CENTS };
  for (const id of docIds) result.set(id, applicationState(byDoc.get(id), settings));
  return result;
}
