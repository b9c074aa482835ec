import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AnswerSupplement } from "../interview/index.ts";
import { asicApplications } from "./schema.ts";

/**
 * ASIC's registration fee in the registration application (issue 30 item 11): the template prints
 * the fee the server is set to pay (ASIC_REGISTRATION_FEE), never a figure of its own, since ASIC
 * indexes the fee each 1 July. The interview module knows it only as an answer supplement, whose
 * fee is held (written over the document's answer at every assembly), so that a document assembled
 * after the setting changes prints the new fee, as the catalogue (seeded from the same setting) shows.
 * Once the fee is paid, the application prints the fee paid: assembled again after ASIC's 1 July
 * indexation, it would otherwise state a fee other than the one paid for it.
 */
export const REGISTRATION_TEMPLATE = "company-registration";

/** The fee paid to ASIC for this document's application, in cents, or null while it is not paid. */
export async function paidFeeCents(tx: Database, teamId: number, docId: number): Promise<number | null> {
  const [row] = await tx
    .select({ paymentStatus: asicApplications.paymentStatus, feeCents: asicApplications.feeCents })
    .from(asicApplications)
    .where(and(eq(asicApplications.teamId, teamId), eq(asicApplications.docId, docId)));
  return row?.paymentStatus === "paid" ? (row.feeCents ?? null) : null;
}

export function registrationFeeSupplement(feeCents: number, paidFee = paidFeeCents): AnswerSupplement {
  return async (tx, input) => {
    if (input.templateId !== REGISTRATION_TEMPLATE) return undefined;
    const paid = await paidFee(tx, input.teamId, input.docId);
    const fee = (paid ?? feeCents) / 100;
    const message =
      paid === null
        ? `ASIC's registration fee of $${fee.toFixed(2)} filled from the settings.`
        : `ASIC's registration fee of $${fee.toFixed(2)} filled as paid for this application.`;
    return { answers: {}, held: { asic_fee: fee }, notes: [{ message, filled: true }] };
  };
}
