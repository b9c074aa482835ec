/**
 * The SMS port: one text message to one mobile. Signing pages use it for one-time codes.
 * Chosen by SMS_PROVIDER: the sandbox keeps every message in the `sms_outbox` table (read on the
 * developer page GET /api/dev/sms, by tests and by browser specs); MessageMedia sends through its
 * REST API (`POST /v1/messages`, basic auth).
 */
import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Clock, FirmContext } from "../../platform/kernel/index.ts";
import { smsOutbox } from "./schema.ts";

export type OutgoingSms = {
  /** The number as the signing wizard stores it: '+61-412345678'. */
  to: string;
  body: string;
  /** The firm and document that caused it (the sandbox shows a firm only its own messages). */
  teamId: number;
  documentId: number | null;
};

export type SentSms = { id: number; to: string; body: string; documentId: number | null; at: Date };

export type SmsProvider = "sandbox" | "messagemedia";

export type SmsSender = {
  readonly provider: SmsProvider;
  send(sms: OutgoingSms): Promise<{ id: string }>;
};

/**
 * Why a provider did not take a message, in terms the caller can act on: `busy` (it asked us to
 * slow down; `retryAfterSeconds` says for how long), `rejected` (the number or message was
 * refused: trying again will not help), `unavailable` (anything else: down, refused our keys).
 */
export class SmsNotSent extends Error {
  constructor(
    readonly reason: "busy" | "rejected" | "unavailable",
    detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = "SmsNotSent";
  }
}

/** '+61-412345678' → '+61412345678' (E.164, what SMS gateways take). */
export function e164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (!/^\+\d{8,15}$/.test(digits)) throw new SmsNotSent("rejected", "not an international phone number");
  return digits;
}

/** Those of `docIds` the actor may see, by their names (the documents module's scope). */
export type VisibleDocumentNames = (ctx: FirmContext, docIds: number[]) => Promise<Map<number, string>>;

/** How many of the firm's messages are read at a time while the visible ones are picked out. */
const VISIBLE_SCAN_BATCH = 200;

/** The sandbox: nothing leaves the machine; every message is a row of `sms_outbox`. */
export function createSandboxSms(deps: {
  db: Database;
  clock: Clock;
  /**
   * Scopes the developer page to what the actor may see (the documents module's scope). A function:
   * the documents module is made after this one.
   */
  visibleDocumentNames: () => VisibleDocumentNames;
}) {
  const { db, clock } = deps;
  return {
    provider: "sandbox" as const,
    async send(sms: OutgoingSms) {
      e164(sms.to);
      const [row] = await db
        .insert(smsOutbox)
        .values({
          teamId: sms.teamId,
          documentId: sms.documentId,
          to: sms.to,
          body: sms.body,
          createdAt: clock(),
        })
        .returning({ id: smsOutbox.id });
      return { id: `sandbox-${row?.id}` };
    },
    /**
     * The latest messages of documents this actor may see, newest first: a code texted for a
     * document is as private as the document (a member sees their own and Shared Folders' ones,
     * an owner or manager every member's). A message of no document is shown to no one here.
     */
    async latestVisibleTo(ctx: FirmContext, limit: number): Promise<SentSms[]> {
      const visibleNames = deps.visibleDocumentNames();
      const found: SentSms[] = [];
      let before: number | undefined;
      while (found.length < limit) {
        const rows = await db
          .select()
          .from(smsOutbox)
          .where(
            and(
              eq(smsOutbox.teamId, ctx.teamId),
              isNotNull(smsOutbox.documentId),
              before === undefined ? undefined : lt(smsOutbox.id, before),
            ),
          )
          .orderBy(desc(smsOutbox.id))
          .limit(VISIBLE_SCAN_BATCH);
        if (rows.length === 0) break;
        const visible = await visibleNames(
          ctx,
          rows.flatMap((r) => (r.documentId === null ? [] : [r.documentId])),
        );
        for (const r of rows) {
          if (r.documentId === null || !visible.has(r.documentId)) continue;
          found.push({ id: r.id, to: r.to, body: r.body, documentId: r.documentId, at: r.createdAt });
          if (found.length === limit) break;
        }
        before = rows[rows.length - 1]?.id;
      }
      return found;
    },
    /** The latest message to a number, in either spelling ('+61-4…' or '+614…'), for tests. */
    async latestTo(phone: string, teamId?: number): Promise<SentSms | undefined> {
      const wanted = e164(phone);
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(teamId === undefined ? undefined : eq(smsOutbox.teamId, teamId))
        .orderBy(desc(smsOutbox.id))
        .limit(200);
      const row = rows.find((r) => e164(r.to) === wanted);
      return row && { id: row.id, to: row.to, body: row.body, documentId: row.documentId, at: row.createdAt };
    },
  };
}
export type SandboxSms = ReturnType<typeof createSandboxSms>;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); 60 when absent or unreadable. */
function retryAfterSeconds(header: string | null, now: Date): number {
  if (header && /^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  const at = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(at)) return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
  return 60;
}

/**
 * MessageMedia's Messages API: `POST {base}/v1/messages` with HTTP basic auth (API key and
 * secret), answering 202 with the queued message ids. A 429 is `busy` for its Retry-After, a 400
 * `rejected` (an invalid number), anything else `unavailable`.
 */
export function createMessageMediaSms(config: {
  apiKey: string;
  apiSecret: string;
  /** https://api.messagemedia.com; tests point it at a local fake. */
  apiBase?: string;
  fetch?: typeof fetch;
  clock?: () => Date;
}): SmsSender {
  const base = (config.apiBase ?? "https://api.messagemedia.com").replace(/\/$/, "");
  const send = config.fetch ?? fetch;
  const clock = config.clock ?? (() => new Date());
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString("base64")}`;
  return {
    provider: "messagemedia",
    async send(sms) {
      const destination = e164(sms.to);
      let response: Response;
      try {
        response = await send(`${base}/v1/messages`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            messages: [{ content: sms.body, destination_number: destination, format: "SMS" }],
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsNotSent("unavailable", `MessageMedia did not answer: ${(error as Error).message}`);
      }
      const text = await response.text();
      // The gateway's words, short, never the message (it holds the code).
      const said = text.slice(0, 200);
      if (response.status === 429) {
        throw new SmsNotSent(
          "busy",
          `MessageMedia asked us to slow down (429): ${said}`,
          retryAfterSeconds(response.headers.get("retry-after"), clock()),
        );
      }
      if (response.status === 400)
        throw new SmsNotSent("rejected", `MessageMedia refused the message (400): ${said}`);
      if (response.status !== 202 && response.status !== 200) {
        throw new SmsNotSent("unavailable", `MessageMedia refused the message (${response.status}): ${said}`);
      }
      let id: string | undefined;
      try {
        id = (JSON.parse(text) as { messages?: { message_id?: string }[] }).messages?.[0]?.message_id;
      } catch {
        id = undefined;
      }
      if (!id) throw new SmsNotSent("unavailable", "MessageMedia answered without a message id");
      return { id };
    },
  };
}

export const SMS_NOT_SENT_MESSAGES = {
  busy: (seconds: number) =>
    `Our text message service is busy. Please ask for a new code in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
  rejected: (lastDigits: string) =>
    `We could not text a code to the phone ending in ${lastDigits}. Please ask the sender to check the number.`,
  unavailable: "We could not send the text message just now. Please try again in a few minutes.",
} as const;

/** What a signer is told when their code could not be sent; anything but SmsNotSent is rethrown. */
export function smsNotSentRefusal(error: unknown, phone: string): AppError {
  if (!(error instanceof SmsNotSent)) throw error;
  if (error.reason === "busy") {
    const seconds = error.retryAfterSeconds ?? 60;
    return new AppError(503, SMS_NOT_SENT_MESSAGES.busy(seconds), { retry_after_seconds: seconds });
  }
  if (error.reason === "rejected") return new AppError(400, SMS_NOT_SENT_MESSAGES.rejected(phone.slice(-4)));
  return new AppError(503, SMS_NOT_SENT_MESSAGES.unavailable);
}
