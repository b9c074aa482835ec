import { createHmac, timingSafeEqual } from "node:crypto";
import type { EnvelopeStatus, RecipientStatus } from "../schema.ts";

/**
 * The FuseSign adapter (issue 15 item 7), for firms that already sign with FuseSign. It calls only
 * these endpoints of FuseSign's API (https://api.fuse.work, per its public API reference):
 * - `POST /api/Document/Upload?tenantId=`: the PDF, as multipart form data; answers `DocumentId`;
 * - `POST /api/Bundle/Create`: subject, body, the uploaded documents, and each customer with their
 *   `SigningGroup`, `LastSigner` and `Meta` (our signature box key), `SmsToSign` and the
 *   `WebhookUrl` for that bundle; answers the bundle (`Id`);
 * - `GET /api/Bundle/Get?TenantId=&BundleId=`: each customer's `CustomerBundleStatus` and
 *   `CustomerSignUrl`, and each document's `SignedPDFDownloadUrl`;
 * - `POST /api/Bundle/Retract?tenantId=&bundleId=&reason=`: answers `{ Result, Message, Error }`;
 * - the `SignedPDFDownloadUrl` of a finalised bundle's document (on the same API host).
 * It authenticates with the firm's API token (`X-API-Token`, FuseSign's wholesale token) from the
 * settings; OAuth comes with the integrations issue.
 *
 * Webhooks (`CustomerDocumentSigned`, `BundleFinalised`, `BundleError`) carry only the bundle id
 * and the event: the adapter reads the bundle again and `fuseSignMoves` turns what it says into the
 * moves of the one signing state machine both providers share (schema.ts).
 */
export type FuseSignConfig = {
  apiToken: string;
  tenantId: string;
  /** https://api.fuse.work; tests point it at a local fake. */
  apiBase?: string;
  fetch?: typeof fetch;
};

export type FuseSignCustomer = {
  name: string;
  email: string;
  /** '+61-412345678' from the wizard, or null without SMS. */
  phone: string | null;
  /** 0-based signing order, as our groups. */
  signingGroup: number;
  lastSigner: boolean;
  /** Our signature box key (meta_key): how the bundle's customers map back to our recipients. */
  meta: string;
};

export type FuseSignBundle = {
  bundleId: string;
  customers: { meta: string; status: string; signUrl: string | null; signingGroup: number }[];
  documents: { documentId: string; signedPdfUrl: string | null }[];
};

export class FuseSignError extends Error {}

/** The customer states FuseSign reports that mean signed, and rejected. */
const SIGNED_STATUSES = new Set(["ActionsCompleted", "Signed", "Completed"]);
const REJECTED_STATUSES = new Set(["Rejected", "BundleRejected"]);

export function createFuseSignAdapter(config: FuseSignConfig) {
  const base = (config.apiBase ?? "https://api.fuse.work").replace(/\/$/, "");
  const send = config.fetch ?? fetch;
  const headers = { "x-api-token": config.apiToken, accept: "application/json" };

  async function call(method: "GET" | "POST", path: string, init: { json?: unknown; form?: FormData } = {}) {
    const response = await send(`${base}${path}`, {
      method,
      headers: init.json === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new FuseSignError(`FuseSign answered ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new FuseSignError(`FuseSign answered ${response.status} without JSON`);
    }
  }

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  return {
    async uploadDocument(fileName: string, pdf: Uint8Array): Promise<string> {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), fileName);
      const answer = await call("POST", `/api/Document/Upload?${query({ tenantId: config.tenantId })}`, {
        form,
      });
      if (typeof answer.DocumentId !== "string") throw new FuseSignError("FuseSign gave no DocumentId");
      return answer.DocumentId;
    },

    async createBundle(input: {
      subject: string;
      body: string;
      documentIds: string[];
      customers: FuseSignCustomer[];
      smsToSign: boolean;
      webhookUrl: string;
    }): Promise<string> {
      const lastGroup = Math.max(...input.customers.map((c) => c.signingGroup));
      const answer = await call("POST", "/api/Bundle/Create", {
        json: {
          TenantId: config.tenantId,
          Subject: input.subject,
          Body: input.body,
          SigningMode: "SignWhole",
          SmsToSign: input.smsToSign,
          WebhookUrl: input.webhookUrl,
          Documents: input.documentIds.map((id, i) => ({ DocumentId: id, DocumentOrder: i + 1 })),
          Customers: input.customers.map((c) => ({
            Customer: {
              Name: c.name,
              Email: c.email,
              PhoneNumber: c.phone ? c.phone.replace(/[^\d+]/g, "") : null,
              NoMobile: c.phone === null,
              Meta: c.meta,
            },
            SigningGroup: c.signingGroup,
            LastSigner: c.lastSigner,
            LockLastSigningGroup: lastGroup > 0 && c.signingGroup === lastGroup,
          })),
        },
      });
      if (typeof answer.Id !== "string") throw new FuseSignError("FuseSign created no bundle");
      return answer.Id;
    },

    async getBundle(bundleId: string): Promise<FuseSignBundle> {
      const answer = await call(
        "GET",
        `/api/Bundle/Get?${query({ TenantId: config.tenantId, BundleId: bundleId })}`,
      );
      type Customer = {
        Customer?: { Meta?: string };
        CustomerBundleStatus?: string | null;
        CustomerSignUrl?: string | null;
        SigningGroup?: number;
      };
      type Document = { Document?: { DocumentId?: string; SignedPDFDownloadUrl?: string | null } };
      return {
        bundleId: String(answer.Id ?? bundleId),
        customers: ((answer.Customers as Customer[] | undefined) ?? []).map((c) => ({
          meta: c.Customer?.Meta ?? "",
          status: c.CustomerBundleStatus ?? "NoActions",
          signUrl: c.CustomerSignUrl ?? null,
          signingGroup: c.SigningGroup ?? 0,
        })),
        documents: ((answer.Documents as Document[] | undefined) ?? []).map((d) => ({
          documentId: d.Document?.DocumentId ?? "",
          signedPdfUrl: d.Document?.SignedPDFDownloadUrl ?? null,
        })),
      };
    },

    /** The signed PDF of a finalised bundle, from the `SignedPDFDownloadUrl` Bundle/Get gave. */
    async downloadSignedPdf(url: string): Promise<Uint8Array> {
      if (!url.startsWith(`${base}/`)) throw new FuseSignError("The signed PDF is not on FuseSign's API");
      const response = await send(url, {
        headers: { "x-api-token": config.apiToken },
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) throw new FuseSignError(`FuseSign answered ${response.status} for the signed PDF`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-")
        throw new FuseSignError("FuseSign's signed file is not a PDF");
      return bytes;
    },

    async retract(bundleId: string, reason: string): Promise<void> {
      const answer = await call(
        "POST",
        `/api/Bundle/Retract?${query({ tenantId: config.tenantId, bundleId, reason })}`,
      );
      if (answer.Result !== true) {
        throw new FuseSignError(`FuseSign did not retract: ${String(answer.Error ?? answer.Message ?? "")}`);
      }
    },
  };
}
export type FuseSignAdapter = ReturnType<typeof createFuseSignAdapter>;

/** The header a FuseSign webhook's HMAC-SHA256 (hex, of the raw body, with the webhook secret) comes in. */
export const FUSESIGN_SIGNATURE_HEADER = "x-fusesign-signature";

/** Is this webhook body signed with our secret? Compared in constant time; anything malformed is no. */
export function verifyFuseSignWebhook(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export const FUSESIGN_EVENTS = ["CustomerDocumentSigned", "BundleFinalised", "BundleError"] as const;
export type FuseSignEvent = (typeof FUSESIGN_EVENTS)[number];

/** The webhook's bundle and event, or null for an event we do not act on (FuseSign sends many). */
export function parseFuseSignWebhook(body: unknown): { bundleId: string; event: FuseSignEvent } | null {
  if (typeof body !== "object" || body === null) return null;
  const { BundleId, EventType } = body as { BundleId?: unknown; EventType?: unknown };
  if (typeof BundleId !== "string" || BundleId === "") return null;
  if (!FUSESIGN_EVENTS.includes(EventType as FuseSignEvent)) return null;
  return { bundleId: BundleId, event: EventType as FuseSignEvent };
}

/**
 * What a webhook does to our envelope, read against the bundle as FuseSign now reports it: the
 * recipients (by meta_key) that signed or declined since, and the envelope's next state. Only a
 * pending envelope moves, as with the built-in provider; a finalised bundle completes it once.
 */
export function fuseSignMoves(input: {
  envelopeStatus: EnvelopeStatus;
  recipients: { metaKey: string; status: RecipientStatus }[];
  event: FuseSignEvent;
  bundle: FuseSignBundle;
}): { signed: string[]; declined: string[]; envelope: EnvelopeStatus | null } {
  if (input.envelopeStatus !== "pending") return { signed: [], declined: [], envelope: null };
  const reported = new Map(input.bundle.customers.map((c) => [c.meta, c.status]));
  const pending = input.recipients.filter((r) => r.status === "pending");
  const signed = pending
    .filter((r) => SIGNED_STATUSES.has(reported.get(r.metaKey) ?? ""))
    .map((r) => r.metaKey);
  const declined = pending
    .filter((r) => REJECTED_STATUSES.has(reported.get(r.metaKey) ?? ""))
    .map((r) => r.metaKey);
  // An error FuseSign cannot recover from ends the request as a refusal would: the sender sees the
  // indicator and sends again (a void request would leave the document Pending with nothing live).
  if (input.event === "BundleError") return { signed, declined, envelope: "rejected" };
  if (declined.length > 0) return { signed, declined, envelope: "rejected" };
  const everyoneSigned = input.recipients.every((r) => r.status === "signed" || signed.includes(r.metaKey));
  return { signed, declined, envelope: everyoneSigned ? "completed" : null };
}
