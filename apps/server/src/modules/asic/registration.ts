import { asicApplicationNotLodgeable } from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { EventRaiser } from "../../platform/events/index.ts";
import { exponentialBackoff, type JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { DocumentsService } from "../documents/index.ts";
import type { FileStore } from "../files/index.ts";
import type { InterviewService } from "../interview/index.ts";
import type { LogsService } from "../logs/index.ts";
import type { TemplateLibrary } from "../templates/index.ts";
import { createApplicationNames } from "./application-name.ts";
import { asicRowColumns, createApplicationReads } from "./application-reads.ts";
import { createCompanyKitCreation } from "./company-kit-creation.ts";
import type {} from "./events.ts";
import { createFeePayment } from "./fee-payment.ts";
import {
  createAsicLodgement,
  LODGEMENT_SEND_JOB,
  LODGEMENT_STATUS_JOB,
  type LodgementSteps,
} from "./lodgement.ts";
import { type LodgementRetry, lodgementRetryOf } from "./lodgement-queue.ts";
import { applicationRefusal } from "./officeholders.ts";
import { isLodgedOrDecided } from "./policy.ts";
import type { AsicPort } from "./port.ts";

// The registration of a company with ASIC, a small facade over its jobs: the application's reads
// (application-reads.ts), its name (application-name.ts), the fee (fee-payment.ts), the lodgement
// and ASIC's decision (lodgement.ts) and the company kit (company-kit-creation.ts).

export type AsicRegistration = ReturnType<typeof createAsicRegistration>;

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
  const reads = createApplicationReads({ db, clock, documents, logs, files, feeCents });
  const { log, readRow, stateOf, requireActionable, ensureRow } = reads;
  const names = createApplicationNames({ db, regulator, log });
  const payment = createFeePayment({ db, clock, regulator, reads, names, feeCents });
  const kit = createCompanyKitCreation({ db, clock, documents, interview, library, reads });

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
  jobs.define(LODGEMENT_STATUS_JOB, (payload: { docId: number }) => lodgement.followLodgement(payload.docId));
  // A lodgement interrupted before its receipt was recorded: found by its reference, or sent once.
  jobs.define(
    LODGEMENT_SEND_JOB,
    (payload: { docId: number }) => lodgement.send(payload.docId).then(() => undefined),
    { retries: 10, backoff: exponentialBackoff(30_000, 30 * 60_000) },
  );

  return {
    application: reads.application,
    createCompanyKit: kit.createCompanyKit,
    initPayment: payment.initPayment,
    transactionStatus: payment.transactionStatus,

    /**
     * POST asic/registration-company-lodgement (lodgement.ts): the application's own name, checked
     * again first (a name another applicant took meanwhile is refused before anything is sent),
     * while this submit holds the application: a second submit at once waits for it, and never
     * checks the name beside this one's check or lodgement.
     */
    async lodge(ctx: FirmContext, docId: number) {
      const loaded = await requireActionable(ctx, docId);
      const answers = (loaded.doc as { xml?: Record<string, unknown> }).xml ?? {};
      const named = await names.applicationName(docId, answers);
      // The answers may have changed since the fee was paid: checked again, before anything is held
      // (one already with ASIC is left to the claim, which resumes it or says it is lodged).
      const lodged = isLodgedOrDecided((await readRow(docId))?.asicStatus ?? null);
      const refusal = lodged ? null : applicationRefusal(answers, named?.legalElement ?? null);
      if (refusal) {
        const message = asicApplicationNotLodgeable(refusal);
        const action = "asic/registration-company-lodgement";
        await log(ctx.teamId, ctx.userId, docId, action, false, { doc_id: docId }, {}, message);
        throw new AppError(409, message);
      }
      await ensureRow(ctx.teamId, docId);
      const recheck = named
        ? () => names.recheckName(ctx, docId, named, "asic/registration-company-lodgement")
        : undefined;
      return lodgement.lodge(ctx, docId, named && { ...named, answers }, recheck);
    },

    /** The queued jobs: an interrupted lodgement finished, and ASIC's decision followed. */
    sendLodgement: (docId: number) => lodgement.send(docId).then(() => undefined),
    followLodgement: (docId: number) => lodgement.followLodgement(docId),

    /**
     * A person's retry of a stuck lodgement (the operator console), only as `lodgementRetryOf`
     * allows: the unconfirmed one finished by its reference (never sent twice), or ASIC asked for
     * its decision now. Answers the retry made, or null when the lodgement allows none.
     */
    async retryLodgement(docId: number): Promise<LodgementRetry | null> {
      const row = await readRow(docId);
      const retry = row ? lodgementRetryOf(row) : null;
      if (retry === "finish_sending") await lodgement.send(docId);
      if (retry === "ask_for_decision") await lodgement.followLodgement(docId);
      return retry;
    },

    certificate: reads.certificate,
    certificatePdf: reads.certificatePdf,

    /** The list's ASIC columns for these documents of one firm. */
    rowColumns: (teamId: number, docIds: number[]) =>
      asicRowColumns(db, teamId, docIds, { now: clock(), feeCents }),
  };
}
