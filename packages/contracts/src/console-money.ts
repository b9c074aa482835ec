import { z } from "zod";
import { isCalendarDay } from "./calendar.ts";
import { StaffReason } from "./console-firms.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/**
 * The operator console's "Money" area (issue 37 item 6): orders across firms with their payments
 * and refunds, a refund through the payment provider, the tax invoice sent again, a day's takings.
 * Every figure is AUD cents, GST included.
 */
export const CONSOLE_MONEY_MESSAGES = {
  orderNotFound: "No such order.",
  notPaid: "This order has not been paid, so there is nothing to refund.",
  refundedInFull: "This order has been refunded in full.",
  changedMeanwhile: "This order's refunds changed meanwhile. Open it again before refunding.",
  used: "This order was used to start a document or to request a service, so it cannot be refunded here.",
  creditsSpent: "Some of this package's credits have been used, so it cannot be refunded.",
  noPayment: "No payment through the provider was found for this order.",
  providerFailed: "The payment provider did not accept the refund. Nothing was changed.",
  invoiceNotReady: "This order has not been paid, so it has no tax invoice yet.",
} as const;

/** Said when a refund asks more than is left to give back. */
export const refundTooLarge = (leftCents: number) =>
  `A refund can be at most what was paid less what was refunded already: $${(leftCents / 100).toFixed(2)}.`;

export const MONEY_PAGE_SIZE = 25;

const Day = z
  .string()
  .refine(isCalendarDay, "Enter a day as YYYY-MM-DD")
  .describe("YYYY-MM-DD, a whole day in Sydney");

export const MoneyOrderStatus = z.enum(["unpaid", "paid", "used", "refunded"]);

export const MoneyOrderQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(120, "Use at most 120 characters")
      .optional()
      .describe(
        "Part of the firm's name, the order number (INV-000123 or 123), or part of the customer's email",
      ),
    status: MoneyOrderStatus.optional().describe("refunded: any money given back"),
    from: Day.optional(),
    to: Day.optional(),
    page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "The first day must not be after the last",
    path: ["to"],
  });
export type MoneyOrderFilter = z.output<typeof MoneyOrderQuery>;

export const MoneyOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  firm: z.object({ id: z.number().int(), name: z.string() }),
  customer_email: z.string(),
  product_name: z.string(),
  status: z.enum(["unpaid", "paid", "used"]),
  total: z.number().int(),
  refunded: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type MoneyOrderSummary = z.infer<typeof MoneyOrderSummary>;

export const MoneyOrderPage = envelope(
  z.object({
    rows: z.array(MoneyOrderSummary),
    page: z.number().int(),
    total_page: z.number().int(),
    total_record: z.number().int(),
  }),
);

export const MoneyPayment = z.object({
  provider: z.string(),
  status: z.string(),
  amount: z.number().int(),
  external_id: z.string().nullable().describe("The provider's checkout session (Stripe's cs_…)"),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
});

export const MoneyRefund = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  provider: z.string(),
  external_id: z.string().nullable(),
  credits_taken_back: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
});

export const MoneyOrderDetail = MoneyOrderSummary.extend({
  customer_name: z.string(),
  company: z.string(),
  line_items: z.array(
    z.object({ name: z.string(), sku: z.string(), quantity: z.number().int(), subtotal: z.number().int() }),
  ),
  coupon_lines: z.array(z.object({ code: z.string(), discount: z.number().int() })),
  subtotal: z.number().int(),
  discount_total: z.number().int(),
  total_tax: z.number().int(),
  payments: z.array(MoneyPayment),
  refunds: z.array(MoneyRefund),
  refundable: z.number().int().describe("What may still be given back: paid less refunded"),
  /** What the caller may do on this order now (the server's rules). */
  abilities: z.object({ refund: z.boolean(), resend_invoice: z.boolean() }),
  refund_refusal: z.string().nullable().describe("Why no refund is offered, when none is"),
});
export type MoneyOrderDetail = z.infer<typeof MoneyOrderDetail>;
export const MoneyOrderResponse = envelope(MoneyOrderDetail);

export const MoneyOrderParams = z.object({ id: idParam("id") });

export const RefundRequest = z.object({
  amount: z
    .number({ error: "Enter the amount in cents" })
    .int("Enter the amount in whole cents")
    .min(1, "Refund at least 1 cent")
    .max(100_000_000, "That is more than any order"),
  reason: StaffReason,
  refunded_before: z
    .number({ error: "Say what had been refunded when the order was read" })
    .int()
    .min(0)
    .max(100_000_000)
    .describe("The order's refunded total as the caller read it: a refund is refused if it changed since"),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const ResendInvoiceResponse = envelope(z.object({ sent_to: z.string() }));

export const TakingsQuery = z.object({ day: Day });
export const Takings = z.object({
  day: z.string(),
  paid_orders: z.number().int().describe("Orders paid that day"),
  gross: z.number().int().describe("What those orders took, GST included"),
  gst: z.number().int().describe("The GST in gross"),
  refunds: z.number().int().describe("Money given back that day, whenever its order was paid"),
  net: z.number().int().describe("gross less refunds"),
});
export type Takings = z.infer<typeof Takings>;
export const TakingsResponse = envelope(Takings);
