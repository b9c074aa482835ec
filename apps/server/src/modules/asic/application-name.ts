import { asicNameNoLongerAvailable } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { FirmContext } from "../../platform/kernel/index.ts";
import type { ApplicationReads } from "./application-reads.ts";
import type { AsicPort } from "./port.ts";
import { asicNameApplications } from "./schema.ts";

// The name an application lodges, and its check again with the regulator before the fee is paid
// and before it is lodged: a name another applicant took since the start wizard is refused then.

export function createApplicationNames(deps: {
  db: Database;
  regulator: AsicPort;
  log: ApplicationReads["log"];
}) {
  const { db, regulator, log } = deps;

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

  return { applicationName, recheckName };
}
