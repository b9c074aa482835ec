import { randomBytes } from "node:crypto";
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_PAYS } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { Database } from "../../../db/client.ts";
import { sydneyDay } from "../../../platform/kernel/calendar.ts";
import type { Clock } from "../../../platform/kernel/index.ts";
import { addressProblems } from "../address.ts";
import { assessProposedName, identicalNameKey } from "../name-rules.ts";
import type { FeePaymentState, LodgementDecision, LodgementReceipt, RegistrationLodgement } from "../port.ts";
import { asicNameRegister, asicSandboxLodgements, asicSandboxPayments } from "../schema.ts";

/** An unfinished transaction holds the gateway this long (interview spec §9: 3 hours). */
export const GATEWAY_LOCK_MS = 3 * 60 * 60_000;
/** The sandbox's first ACN (the eight digits before the check digit); later ones count up. */
const FIRST_ACN_BASE = 66_100_000;

/** ASIC's check digit over the first eight digits of an ACN (weights 8 … 1). */
export function acnCheckDigit(eightDigits: string): number {
  const sum = [...eightDigits].reduce((total, digit, i) => total + Number(digit) * (8 - i), 0);
  return (10 - (sum % 10)) % 10;
}
export const acnFrom = (base: number) => {
  const digits = String(base).padStart(8, "0");
  return `${digits}${acnCheckDigit(digits)}`;
};
const printedAcn = (acn: string) => `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}`;

const digitsOf = (card: string) => card.replace(/\D/g, "");

/**
 * The sandbox regulator's payment gateway and lodgement desk. Payments: the test card
 * 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 declined ('05', as a bank answers "do not
 * honour"); a transaction left unfinished expires after 3 hours. Lodgements are decided from what
 * was lodged, as ASIC would, once `processingMs` has passed: a name needing consent goes to manual
 * review (MANL); an unacceptable name, or one identical to a name another holds, is refused
 * (RFSD); a registered office that is not a valid street address or no director is rejected
 * (REJT); without a registered office at all the lodgement is not processed (NOTR); else the
 * company is registered (COMP) with the next ACN.
 */
export function createSandboxLodgement(deps: { db: Database; clock: Clock; processingMs: number }) {
  const { db, clock, processingMs } = deps;

  async function payment(transactionNumber: string) {
    const [row] = await db
      .select()
      .from(asicSandboxPayments)
      .where(eq(asicSandboxPayments.transactionNumber, transactionNumber));
    return row;
  }

  function decide(
    lodgement: RegistrationLodgement,
  ): { outcome: "COMP" | "MANL" | "RFSD" | "REJT"; reason: string | null } | "not-processed" {
    const a = lodgement.answers;
    const text = (key: string) => (typeof a[key] === "string" ? (a[key] as string) : "");
    if (!text("office_street") || !text("office_postcode")) return "not-processed";
    const officeProblems = addressProblems({
      street: text("office_street"),
      suburb: text("office_suburb") || "-",
      state: text("office_state") as "NSW",
      postcode: text("office_postcode"),
    });
    if (officeProblems.length > 0) {
      return {
        outcome: "REJT",
        reason: `The registered office is not a valid address: ${officeProblems.join(" ")}`,
      };
    }
    const officers = Array.isArray(a.officers) ? (a.officers as Record<string, unknown>[]) : [];
    if (!officers.some((o) => o.office === "director" || o.office === "both")) {
      return {
        outcome: "REJT",
        reason: "The application names no director (s201A Corporations Act 2001 (Cth)).",
      };
    }
    if (lodgement.proposedName !== null) {
      const assessment = assessProposedName(lodgement.proposedName, lodgement.legalElement);
      if (assessment.kind === "refused") return { outcome: "RFSD", reason: assessment.reason };
      if (assessment.kind === "consent") return { outcome: "MANL", reason: assessment.reason };
    }
    return { outcome: "COMP", reason: null };
  }

  async function lodgementByReference(clientReference: string) {
    const [row] = await db
      .select({ lodgementNumber: asicSandboxLodgements.lodgementNumber })
      .from(asicSandboxLodgements)
      .where(eq(asicSandboxLodgements.clientReference, clientReference));
    return row ?? null;
  }

  async function lodgementDecision(lodgementNumber: string): Promise<LodgementDecision> {
    const [row] = await db
      .select()
      .from(asicSandboxLodgements)
      .where(eq(asicSandboxLodgements.lodgementNumber, lodgementNumber));
    if (!row) throw new Error(`no lodgement ${lodgementNumber}`);
    if (clock().getTime() - row.submittedAt.getTime() < processingMs) return { status: "INPR" };
    if (row.outcome === "COMP" && row.acn) {
      return {
        status: "COMP",
        acn: row.acn,
        registrationDate: sydneyDay(new Date(row.submittedAt.getTime() + processingMs)),
        companyName: row.companyName,
      };
    }
    const status = row.outcome === "COMP" ? "REJT" : row.outcome;
    return { status, reason: row.reason ?? "" };
  }

  return {
    lodgementDecision,

    async startFeePayment(input: { amountCents: number; returnUrl: string }) {
      const transactionNumber = `ASIC${randomBytes(6).toString("hex").toUpperCase()}`;
      await db.insert(asicSandboxPayments).values({
        transactionNumber,
        amountCents: input.amountCents,
        returnUrl: input.returnUrl,
        state: "pending",
        createdAt: clock(),
      });
      return { transactionNumber, paymentUrl: `/asic-gateway/${transactionNumber}` };
    },

    async feePaymentState(transactionNumber: string): Promise<FeePaymentState | null> {
      const row = await payment(transactionNumber);
      if (!row) return null;
      return {
        state: row.state,
        declinedCode: row.declinedCode,
        declinedMessage: row.declinedMessage,
        receiptNum: row.receiptNum,
      };
    },

    async resumeFeePayment(transactionNumber: string) {
      const row = await payment(transactionNumber);
      if (row?.state !== "pending" || clock().getTime() - row.createdAt.getTime() > GATEWAY_LOCK_MS)
        return null;
      return { paymentUrl: `/asic-gateway/${transactionNumber}` };
    },

    /** The gateway page's facts. */
    gatewayPayment: payment,

    /**
     * Pays a pending transaction with a card. Only a pending transaction changes, once: two
     * submits at once settle it once. Answers where to send the user, or what is wrong.
     */
    async pay(transactionNumber: string, card: string): Promise<{ redirect: string } | { error: string }> {
      const row = await payment(transactionNumber);
      if (!row) return { error: "This payment does not exist." };
      if (row.state !== "pending") return { redirect: row.returnUrl };
      if (clock().getTime() - row.createdAt.getTime() > GATEWAY_LOCK_MS) {
        return { error: "This payment has expired. Return to Precedent and start the payment again." };
      }
      const digits = digitsOf(card);
      const approved = digits === digitsOf(SANDBOX_CARD_PAYS);
      if (!approved && digits !== digitsOf(SANDBOX_CARD_DECLINED)) {
        return {
          error: `Sandbox: use ${SANDBOX_CARD_PAYS} (approved) or ${SANDBOX_CARD_DECLINED} (declined).`,
        };
      }
      await db
        .update(asicSandboxPayments)
        .set(
          approved
            ? {
                state: "approved",
                receiptNum: `R${randomBytes(5).toString("hex").toUpperCase()}`,
                settledAt: clock(),
              }
            : { state: "declined", declinedCode: "05", declinedMessage: "Do not honour", settledAt: clock() },
        )
        .where(
          and(
            eq(asicSandboxPayments.transactionNumber, transactionNumber),
            eq(asicSandboxPayments.state, "pending"),
          ),
        );
      return { redirect: row.returnUrl };
    },

    lodgementByReference,

    async lodgeRegistration(lodgement: RegistrationLodgement): Promise<LodgementReceipt> {
      // Sent again (a retry after a crash or a lost answer): the lodgement already made.
      const earlier = await lodgementByReference(lodgement.clientReference);
      if (earlier) return { notProcessed: false, lodgementNumber: earlier.lodgementNumber };
      const decision = decide(lodgement);
      if (decision === "not-processed") {
        return {
          notProcessed: true,
          errorCode: "NOTR",
          description: "ASIC could not process the application: it has no registered office address.",
        };
      }
      // An identical name now held by another applicant or on the register is refused (s147).
      if (decision.outcome === "COMP" && lodgement.proposedName !== null) {
        const [holder] = await db
          .select()
          .from(asicNameRegister)
          .where(eq(asicNameRegister.nameKey, identicalNameKey(lodgement.proposedName)));
        if (holder && holder.docId !== lodgement.docId) {
          decision.outcome = "RFSD";
          decision.reason = `The name is identical to ${holder.name} (s147(1) Corporations Act 2001 (Cth)).`;
        }
      }
      const lodgementNumber = `7E${randomBytes(5).toString("hex").toUpperCase()}`;
      const companyName = `${lodgement.proposedName ?? ""} ${lodgement.legalElement}`.trim();
      const made = await db.transaction(async (tx) => {
        // Two sends of one reference at once: the unique reference lets one in.
        const [inserted] = await tx
          .insert(asicSandboxLodgements)
          .values({
            lodgementNumber,
            clientReference: lodgement.clientReference,
            docId: lodgement.docId,
            companyName,
            outcome: decision.outcome,
            reason: decision.reason,
            submittedAt: clock(),
          })
          .onConflictDoNothing({ target: asicSandboxLodgements.clientReference })
          .returning({ id: asicSandboxLodgements.id });
        if (!inserted) return false;
        if (inserted && decision.outcome === "COMP") {
          const acn = acnFrom(FIRST_ACN_BASE + inserted.id);
          // A company whose name is its ACN is named "123 456 789 PTY LTD" (s148(2)).
          const name =
            lodgement.proposedName === null ? `${printedAcn(acn)} ${lodgement.legalElement}` : companyName;
          await tx
            .update(asicSandboxLodgements)
            .set({ acn, companyName: name })
            .where(eq(asicSandboxLodgements.id, inserted.id));
        }
        return true;
      });
      if (!made) {
        const other = await lodgementByReference(lodgement.clientReference);
        if (!other) throw new Error(`lodgement ${lodgement.clientReference} neither made nor found`);
        return { notProcessed: false, lodgementNumber: other.lodgementNumber };
      }
      return { notProcessed: false, lodgementNumber };
    },

    async certificate(lodgementNumber: string): Promise<Uint8Array | null> {
      const decision = await lodgementDecision(lodgementNumber);
      if (decision.status !== "COMP") return null;
      return certificateOfRegistration(decision);
    },
  };
}

/** A Certificate of Registration as ASIC issues it under s118 Corporations Act 2001 (Cth), marked as the sandbox's. */
export async function certificateOfRegistration(input: {
  companyName: string;
  acn: string;
  registrationDate: string;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Registration — ${input.companyName}`);
  pdf.setProducer("Precedent sandbox regulator");
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [year, month, day] = input.registrationDate.split("-");
  const lines: [string, number, typeof font, number][] = [
    ["Certificate of Registration of a Company", 18, bold, 760],
    ["Corporations Act 2001 (Cth) section 118", 11, font, 736],
    [`This is to certify that ${input.companyName}`, 12, font, 680],
    [`Australian Company Number ${printedAcn(input.acn)}`, 12, bold, 660],
    ["is a registered company under the Corporations Act 2001 and is taken to be registered", 12, font, 630],
    [`in the state or territory named in its application, on ${day}/${month}/${year}.`, 12, font, 612],
    ["SANDBOX — issued by Precedent's sandbox regulator for testing; not issued by ASIC.", 10, bold, 540],
  ];
  for (const [text, size, face, y] of lines)
    page.drawText(text, { x: 56, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
  return pdf.save();
}
