import {
  ASIC_NO_PAYMENT_STARTED,
  ASIC_PAYMENT_ALREADY_PAID,
  ASIC_TRANSACTION_STATUS_FAILED,
  asicApplicationNotLodgeable,
  asicGatewayLocked,
  asicPaymentStillOpen,
} from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import type { createApplicationNames } from "./application-name.ts";
import { type ApplicationReads, documentNotFound } from "./application-reads.ts";
import { applicationRefusal } from "./officeholders.ts";
import { firmTime } from "./policy.ts";
import type { AsicPort } from "./port.ts";
import { GATEWAY_LOCK_MS } from "./sandbox/sandbox-lodgement.ts";
import { asicApplications } from "./schema.ts";

// ASIC's fee, paid once through the regulator's payment gateway: starting (or resuming) the
// transaction while the gateway is locked to it, and recording the gateway's word on it once.

export function createFeePayment(deps: {
  db: Database;
  clock: Clock;
  regulator: AsicPort;
  reads: ApplicationReads;
  names: ReturnType<typeof createApplicationNames>;
  /** ASIC's fee from settings, in cents. */
  feeCents: number;
}) {
  const { db, clock, regulator, feeCents } = deps;
  const { log, readRow, stateOf, requireActionable, ensureRow } = deps.reads;
  const { applicationName, recheckName } = deps.names;

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

  return {
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
      if (before?.paymentStatus !== "paid") {
        // Not a fee for an application that cannot be lodged (a public company with one director).
        const refusal = applicationRefusal(answers, named?.legalElement ?? null);
        if (refusal) {
          const message = asicApplicationNotLodgeable(refusal);
          await log(ctx.teamId, ctx.userId, input.doc_id, "asic/init-payment", false, input, {}, message);
          throw new AppError(409, message);
        }
        if (named) await recheckName(ctx, input.doc_id, named, "asic/init-payment");
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
  };
}
