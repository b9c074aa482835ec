import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { Clock } from "../../../platform/kernel/index.ts";
import { assessProposedName, identicalNameKey } from "../name-rules.ts";
import type { AsicPort, CompanyNameCheck, NameApplication } from "../port.ts";
import { asicNameRegister } from "../schema.ts";
import { registerNames } from "./register-seed.ts";
import { createSandboxLodgement } from "./sandbox-lodgement.ts";

/** Rows inserted per statement when the register is seeded. */
const SEED_BATCH = 500;
/** Any fixed number: the advisory lock that lets one server seed the register. */
const SEED_LOCK = 7_201_001;

export const NAME_ALREADY_APPLIED = (name: string) =>
  `The name ${name} has already been applied for by another applicant.`;
const identicalTo = (name: string, kind: "company" | "business") =>
  `It is identical to the registered ${kind} name ${name} (Corporations Act 2001 (Cth) s147(1) and Schedule 6 Part 1 of the Corporations Regulations 2001 (Cth)).`;
const appliedFor = (name: string) =>
  `It is identical to the name ${name}, already applied for (Corporations Act 2001 (Cth) s147(1)(a)).`;

/**
 * The sandbox regulator: answers as ASIC would from a register kept in the database, seeded with
 * realistic names on first use, and records the names applied for through the product.
 */
export type SandboxRegulator = ReturnType<typeof createSandboxRegulator>;

export function createSandboxRegulator(deps: {
  db: Database;
  clock: Clock;
  registerSize?: number;
  /** How long the sandbox takes to decide a lodgement (the configurable schedule). */
  processingMs?: number;
}) {
  const { db, clock } = deps;
  const desk = createSandboxLodgement({ db, clock, processingMs: deps.processingMs ?? 60_000 });
  let seeded: Promise<void> | undefined;

  /** Seeds the register once per database: the lock keeps two servers from seeding it together. */
  function ensureRegister() {
    seeded ??= db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        const [existing] = await tx
          .select({ id: asicNameRegister.id })
          .from(asicNameRegister)
          .where(eq(asicNameRegister.source, "register"))
          .limit(1);
        if (existing) return;
        const now = clock();
        const rows = registerNames(deps.registerSize).map((entry) => ({
          name: entry.name,
          nameKey: identicalNameKey(entry.name),
          kind: entry.kind,
          source: "register" as const,
          createdAt: now,
        }));
        for (let i = 0; i < rows.length; i += SEED_BATCH) {
          await tx
            .insert(asicNameRegister)
            .values(rows.slice(i, i + SEED_BATCH))
            .onConflictDoNothing();
        }
      })
      .catch((error: unknown) => {
        seeded = undefined; // a failed seed is tried again at the next check
        throw error;
      });
    return seeded;
  }

  /** The check, optionally ignoring the name this document has applied for itself. */
  async function check(
    tx: Database,
    name: string,
    legalElement: string,
    ownDocId?: number,
  ): Promise<CompanyNameCheck> {
    const assessment = assessProposedName(name, legalElement);
    if (assessment.kind === "refused") return { outcome: "error", reason: assessment.reason };
    const [holder] = await tx
      .select()
      .from(asicNameRegister)
      .where(eq(asicNameRegister.nameKey, identicalNameKey(name)))
      .limit(1);
    if (holder && !(ownDocId !== undefined && holder.docId === ownDocId)) {
      return {
        outcome: "error",
        reason: holder.source === "applied" ? appliedFor(holder.name) : identicalTo(holder.name, holder.kind),
      };
    }
    if (assessment.kind === "consent") return { outcome: "manual", reason: assessment.reason };
    return { outcome: "success" };
  }

  const port: AsicPort = {
    startFeePayment: desk.startFeePayment,
    feePaymentState: desk.feePaymentState,
    resumeFeePayment: desk.resumeFeePayment,
    lodgeRegistration: desk.lodgeRegistration,
    lodgementByReference: desk.lodgementByReference,
    lodgementDecision: desk.lodgementDecision,
    certificate: (lodgementNumber) => desk.certificate(lodgementNumber),

    async checkCompanyName(name, legalElement) {
      await ensureRegister();
      return check(db, name, legalElement);
    },

    async applyForName(application: NameApplication) {
      await ensureRegister();
      const fullName = `${application.name.trim()} ${application.legalElement.trim()}`;
      return db.transaction(async (tx) => {
        const result = await check(tx, application.name, application.legalElement, application.docId);
        if (result.outcome === "error") return { applied: false as const, reason: result.reason };
        await tx
          .delete(asicNameRegister)
          .where(and(eq(asicNameRegister.docId, application.docId), eq(asicNameRegister.source, "applied")));
        // The unique name key decides between two applications for one name made at once.
        const inserted = await tx
          .insert(asicNameRegister)
          .values({
            name: fullName,
            nameKey: identicalNameKey(application.name),
            kind: "company",
            source: "applied",
            teamId: application.teamId,
            docId: application.docId,
            createdAt: clock(),
          })
          .onConflictDoNothing({ target: asicNameRegister.nameKey })
          .returning({ id: asicNameRegister.id });
        if (inserted.length === 0) return { applied: false as const, reason: NAME_ALREADY_APPLIED(fullName) };
        return { applied: true as const };
      });
    },
  };
  /** The sandbox gateway's own page (what a real gateway hosts). */
  const gateway = { payment: desk.gatewayPayment, pay: desk.pay };
  return { port, gateway };
}
