/**
 * The SMS port: one text message to one Australian mobile. Signing pages use it for one-time codes.
 * The sandbox keeps every message in an outbox a developer, a test or a browser spec can read; the
 * MessageMedia adapter sends through its REST API (`POST /v1/messages`, basic auth).
 */
export type OutgoingSms = {
  /** The number as the signing wizard stores it: '+61-412345678'. */
  to: string;
  body: string;
};

export type SentSms = OutgoingSms & { id: string; at: Date };

export type SmsSender = {
  readonly provider: "sandbox" | "messagemedia";
  send(sms: OutgoingSms): Promise<{ id: string }>;
};

/** '+61-412345678' → '+61412345678' (E.164, what SMS gateways take). */
export function e164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (!/^\+\d{8,15}$/.test(digits)) throw new Error("not an international phone number");
  return digits;
}

/** The sandbox: nothing leaves the machine; every message is kept, newest last. */
export function createSandboxSms(deps: { clock: () => Date }) {
  const outbox: SentSms[] = [];
  let sequence = 0;
  return {
    provider: "sandbox" as const,
    async send(sms: OutgoingSms) {
      e164(sms.to);
      sequence += 1;
      const id = `sandbox-${sequence}`;
      outbox.push({ ...sms, id, at: deps.clock() });
      return { id };
    },
    /** Every message sent, oldest first. */
    sent(): readonly SentSms[] {
      return outbox;
    },
    /** The latest message to a number, in either spelling ('+61-4…' or '+614…'). */
    latestTo(phone: string): SentSms | undefined {
      const wanted = e164(phone);
      return outbox.findLast((sms) => e164(sms.to) === wanted);
    },
  };
}
export type SandboxSms = ReturnType<typeof createSandboxSms>;

/**
 * MessageMedia's Messages API: `POST {base}/v1/messages` with HTTP basic auth (API key and
 * secret), answering 202 with the queued message ids. Anything else is an error for the caller.
 */
export function createMessageMediaSms(config: {
  apiKey: string;
  apiSecret: string;
  /** https://api.messagemedia.com; tests point it at a local fake. */
  apiBase?: string;
  fetch?: typeof fetch;
}): SmsSender {
  const base = (config.apiBase ?? "https://api.messagemedia.com").replace(/\/$/, "");
  const send = config.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString("base64")}`;
  return {
    provider: "messagemedia",
    async send(sms) {
      const response = await send(`${base}/v1/messages`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          messages: [{ content: sms.body, destination_number: e164(sms.to), format: "SMS" }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      if (response.status !== 202 && response.status !== 200) {
        throw new Error(`MessageMedia refused the message (${response.status}): ${text.slice(0, 200)}`);
      }
      const id = (JSON.parse(text) as { messages?: { message_id?: string }[] }).messages?.[0]?.message_id;
      if (!id) throw new Error("MessageMedia answered without a message id");
      return { id };
    },
  };
}
