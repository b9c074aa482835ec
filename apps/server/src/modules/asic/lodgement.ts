import { randomBytes } from "node:crypto";
import {
  ASIC_ALREADY_LODGED,
  ASIC_LODGEMENT_BUSY,
  ASIC_LODGEMENT_DATA_FAILED,
  ASIC_LODGEMENT_FAILED,
  ASIC_PAYMENT_REQUIRED,
  type AsicApplicationState,
} from "@precedent/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { FileStore } from "../files/index.ts";
import { isLodgedOrDecided } from "./policy.ts";
import type { AsicPort, LodgementReceipt } from "./port.ts";
import { asicApplications } from "./schema.ts";

/** The job that asks ASIC for its decision on a lodgement until it has one. */
export const LODGEMENT_STATUS_JOB = "asic.lodgement-status";
/** The job that finishes a lodgement whose sending was interrupted: found by its reference, or sent. */
export const LODGEMENT_SEND_JOB = "asic.lodgement-send";
/**
 * A lodgement not recorded this long after it was claimed is taken to be interrupted (a crash, a
 * lost answer) and its job finishes it. Longer than a send takes, so the job rarely races the
 * request that is sending it; when it does, the client reference keeps it to one lodgement.
 */
export const LODGEMENT_RESUME_MS = 60_000;

/**
 * How long a submit holds the application while it checks the name again (the regulator's answer
 * takes a second or two; a submit that stopped midway frees it after this).
 */
export const NAME_CHECK_LEASE_MS = 30_000;
/** How often a second submit looks again while the first checks the name. */
const NAME_CHECK_WAIT_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a lodgement is, as it passes: a crash at any of these must leave it recoverable. */
export type LodgementStep = "before-send" | "after-send" | "before-commit";
/** Told of each step as a lodgement reaches it (crash tests stop a process there). */
export type LodgementSteps = (step: LodgementStep, docId: number) => Promise<void>;

type ApplicationRow = typeof asicApplications.$inferSelect;
type ApplicationWithKind = ApplicationRow & { companyKind: string | null };
type Lodged = NonNullable<ApplicationRow["lodgedApplication"]>;

/** A fresh reference per lodgement: the regulator holds it, so it must not be guessable across firms. */
const newClientReference = (docId: number) => `PRE-${docId}-${randomBytes(6).toString("hex").toUpperCase()}`;

/**
 * Lodging a paid application as an idempotent, resumable piece of work (issue 31 item 4). Claiming
 * it fixes what is lodged and a client reference, and queues a job, in one transaction; the send
 * then asks the regulator for a lodgement with that reference before sending, and records the
 * receipt only while the application still waits on that reference. So whatever stops a process
 * (before the send, after it, before the record commits), the job or a second 'Submit to ASIC'
 * finds the lodgement and records it, or sends it once.
 */
export function createAsicLodgement(deps: {
  db: Database;
  clock: Clock;
  regulator: AsicPort;
  jobs: JobQueue;
  files: FileStore;
  pollMs: number;
  steps?: LodgementSteps;
  stateOf: (row: ApplicationWithKind | undefined) => AsicApplicationState;
  readRow: (docId: number) => Promise<ApplicationWithKind | undefined>;
  log: (
    teamId: number,
    userId: number,
    docId: number,
    action: string,
    isSuccess: boolean,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
    message: string,
  ) => Promise<unknown>;
  onRegistered?: (registered: {
    teamId: number;
    userId: number;
    docId: number;
    acn: string;
    pdf: Uint8Array;
  }) => Promise<unknown>;
}) {
  const { db, clock, regulator, jobs, files, pollMs, readRow, stateOf, log } = deps;
  const reached = (step: LodgementStep, docId: number) => deps.steps?.(step, docId) ?? Promise.resolve();

  /**
   * Sends the claimed lodgement of `docId` unless the regulator has it already, and records the
   * receipt. Repeatable: an application no longer waiting on its reference is left as it is.
   * Answers the receipt, or null when there was nothing to do.
   */
  async function send(docId: number): Promise<LodgementReceipt | null> {
    const row = await readRow(docId);
    if (row?.asicStatus !== "INPR" || row.lodgementNumber || !row.clientReference || !row.lodgedApplication) {
      return null;
    }
    const reference = row.clientReference;
    await reached("before-send", docId);
    const found = await regulator.lodgementByReference(reference);
    const receipt: LodgementReceipt = found
      ? { notProcessed: false, lodgementNumber: found.lodgementNumber }
      : await regulator.lodgeRegistration({
          teamId: row.teamId,
          docId,
          clientReference: reference,
          ...row.lodgedApplication,
        });
    await reached("after-send", docId);
    await db.transaction(async (tx) => {
      const waiting = and(
        eq(asicApplications.id, row.id),
        eq(asicApplications.clientReference, reference),
        isNull(asicApplications.lodgementNumber),
        eq(asicApplications.asicStatus, "INPR"),
      );
      if (receipt.notProcessed) {
        await tx.update(asicApplications).set({ asicStatus: "NOTR", updatedAt: clock() }).where(waiting);
      } else {
        const recorded = await tx
          .update(asicApplications)
          .set({ lodgementNumber: receipt.lodgementNumber, updatedAt: clock() })
          .where(waiting)
          .returning({ id: asicApplications.id });
        if (recorded.length > 0) {
          await jobs.enqueue(
            LODGEMENT_STATUS_JOB,
            { docId },
            { tx, runAt: new Date(clock().getTime() + pollMs), key: String(docId) },
          );
        }
      }
      await reached("before-commit", docId);
    });
    return receipt;
  }

  type Claim =
    | { refused: string }
    | { wait: true }
    | { check: Date; id: number }
    | { id: number; resumed: boolean };

  /**
   * One look at the application under its row lock: refused, resumed, or claimed for lodging;
   * when the name is to be checked first and this submit has not (`checkedUntil` is its lease),
   * the lease is taken and the check asked for; while another submit holds it, a wait.
   */
  function claim(
    ctx: FirmContext,
    docId: number,
    lodged: Lodged | null,
    checksName: boolean,
    checkedUntil: Date | null,
  ): Promise<Claim> {
    const now = clock();
    return db.transaction(async (tx): Promise<Claim> => {
      const [row] = await tx
        .select()
        .from(asicApplications)
        .where(eq(asicApplications.docId, docId))
        .for("update");
      if (row?.paymentStatus !== "paid") return { refused: ASIC_PAYMENT_REQUIRED };
      const unconfirmed = row.asicStatus === "INPR" && !row.lodgementNumber && row.clientReference !== null;
      if (unconfirmed) return { id: row.id, resumed: true };
      if (isLodgedOrDecided(row.asicStatus)) return { refused: ASIC_ALREADY_LODGED };
      if (!lodged) return { refused: ASIC_LODGEMENT_DATA_FAILED };
      const held = row.nameCheckUntil !== null && row.nameCheckUntil > now;
      const ours = checkedUntil !== null && row.nameCheckUntil?.getTime() === checkedUntil.getTime();
      if (held && !ours) return { wait: true };
      if (checksName && !ours) {
        const lease = new Date(now.getTime() + NAME_CHECK_LEASE_MS);
        await tx
          .update(asicApplications)
          .set({ nameCheckUntil: lease, updatedAt: now })
          .where(eq(asicApplications.id, row.id));
        return { check: lease, id: row.id };
      }
      await tx
        .update(asicApplications)
        .set({
          asicStatus: "INPR",
          clientReference: newClientReference(docId),
          lodgedApplication: lodged,
          lodgementNumber: null,
          lodgedAt: now,
          lodgedBy: ctx.userId,
          nameCheckUntil: null,
          updatedAt: now,
        })
        .where(eq(asicApplications.id, row.id));
      // Exists exactly when the claim does: a crash after this commit leaves the job to finish it.
      await jobs.enqueue(
        LODGEMENT_SEND_JOB,
        { docId },
        { tx, runAt: new Date(now.getTime() + LODGEMENT_RESUME_MS), key: String(docId) },
      );
      return { id: row.id, resumed: false };
    });
  }

  return {
    send,

    /**
     * POST asic/registration-company-lodgement: lodges a paid application once. Refused before
     * payment and while lodged or decided (INPR, COMP, MANL, RFSD); a NOTR or REJT one may go
     * again (with a new reference). One claimed but not confirmed by the regulator (a crash, a
     * lost answer) is finished with its own reference: found and recorded, or sent once.
     *
     * `recheckName` (the name asked of the regulator again) runs while this submit holds the
     * application, never beside another submit's check or lodgement of it: a second submit at once
     * waits, then resumes the lodgement or is told it is lodged. The hold is a lease on the row
     * rather than its lock, as the regulator is asked outside any transaction (one connection on
     * PGlite); a submit that stopped midway holds it only until the lease ends.
     */
    async lodge(ctx: FirmContext, docId: number, lodged: Lodged | null, recheckName?: () => Promise<void>) {
      let checkedUntil: Date | null = null;
      // Real time, not the clock: how long this request waits, whatever the clock says.
      const waitUntil = Date.now() + NAME_CHECK_LEASE_MS;
      let claimed: { refused: string } | { id: number; resumed: boolean } | undefined;
      while (!claimed) {
        const look = await claim(ctx, docId, lodged, recheckName !== undefined, checkedUntil);
        if ("wait" in look) {
          if (Date.now() > waitUntil) claimed = { refused: ASIC_LODGEMENT_BUSY };
          else await sleep(NAME_CHECK_WAIT_MS);
        } else if ("check" in look) {
          try {
            await recheckName?.();
          } catch (error) {
            await db
              .update(asicApplications)
              .set({ nameCheckUntil: null, updatedAt: clock() })
              .where(and(eq(asicApplications.id, look.id), eq(asicApplications.nameCheckUntil, look.check)));
            throw error;
          }
          checkedUntil = look.check;
        } else {
          claimed = look;
        }
      }
      if ("refused" in claimed) {
        const refused = claimed.refused as string;
        await log(
          ctx.teamId,
          ctx.userId,
          docId,
          "asic/registration-company-lodgement",
          false,
          { doc_id: docId },
          {},
          refused,
        );
        throw new AppError(409, refused);
      }
      let receipt: LodgementReceipt | null;
      try {
        receipt = await send(docId);
      } catch (error) {
        // Whether the regulator has it is not known: the application stays claimed, its job
        // asks again by the reference, and 'Submit to ASIC' may do the same now.
        await log(
          ctx.teamId,
          ctx.userId,
          docId,
          "asic/registration-company-lodgement",
          false,
          { doc_id: docId },
          { error: String(error) },
          ASIC_LODGEMENT_FAILED,
        );
        throw new AppError(502, ASIC_LODGEMENT_FAILED);
      }
      const after = await readRow(docId);
      // Another request or the job recorded it meanwhile: its number is the answer.
      const settled: LodgementReceipt =
        receipt ??
        (after?.asicStatus === "NOTR"
          ? { notProcessed: true, errorCode: "NOTR", description: "" }
          : { notProcessed: false, lodgementNumber: after?.lodgementNumber ?? "" });
      const messageEvent = settled.notProcessed
        ? { errorCode: settled.errorCode, description: settled.description }
        : null;
      const data = { notProcessed: settled.notProcessed, messageEvent, application: stateOf(after) };
      await log(
        ctx.teamId,
        ctx.userId,
        docId,
        "asic/registration-company-lodgement",
        !settled.notProcessed,
        { doc_id: docId, client_reference: after?.clientReference ?? null, resumed: claimed.resumed },
        { notProcessed: settled.notProcessed, messageEvent },
        messageEvent?.description ?? "",
      );
      return { message: "", data };
    },

    /**
     * The queued job: asks ASIC for its decision on a lodgement in progress; until there is one it
     * asks again after `pollMs`. Repeatable: a decided application is left as it is.
     */
    async followLodgement(docId: number) {
      const row = await readRow(docId);
      if (row?.asicStatus !== "INPR" || !row.lodgementNumber) return;
      const decision = await regulator.lodgementDecision(row.lodgementNumber);
      if (decision.status === "INPR") {
        await jobs.enqueue(
          LODGEMENT_STATUS_JOB,
          { docId },
          { runAt: new Date(clock().getTime() + pollMs), key: String(docId) },
        );
        return;
      }
      let set: Partial<ApplicationRow> = { asicStatus: decision.status, updatedAt: clock() };
      let pdf: Uint8Array | null = null;
      if (decision.status === "COMP") {
        pdf = await regulator.certificate(row.lodgementNumber);
        const stored = pdf ? await files.put(pdf, { mediaType: "application/pdf" }) : null;
        set = {
          ...set,
          acn: decision.acn,
          registrationDate: decision.registrationDate,
          certificateSha256: stored?.sha256 ?? null,
        };
      }
      const updated = await db
        .update(asicApplications)
        .set(set)
        .where(
          and(
            eq(asicApplications.id, row.id),
            eq(asicApplications.asicStatus, "INPR"),
            eq(asicApplications.lodgementNumber, row.lodgementNumber),
          ),
        )
        .returning({ id: asicApplications.id });
      if (updated.length > 0 && row.lodgedBy !== null) {
        const detail =
          decision.status === "COMP"
            ? { acn: decision.acn, registration_date: decision.registrationDate }
            : { reason: decision.reason };
        await log(
          row.teamId,
          row.lodgedBy,
          docId,
          "asic/lodgement-status",
          decision.status === "COMP",
          { lodgement_number: row.lodgementNumber },
          { asic_status: decision.status, ...detail },
          decision.status === "COMP" ? "" : decision.reason,
        );
        if (decision.status === "COMP" && pdf)
          await deps.onRegistered?.({
            teamId: row.teamId,
            userId: row.lodgedBy,
            docId,
            acn: decision.acn,
            pdf,
          });
      }
    },
  };
}
