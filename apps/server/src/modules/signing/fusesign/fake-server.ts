import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * For tests only: a local HTTP fake of exactly the FuseSign endpoints the adapter calls
 * (Document/Upload, Bundle/Create, Bundle/Get, Bundle/Retract, and the signed PDF's download), with
 * state, and `customerActs` to sign or reject as a FuseSign customer would, which answers the signed
 * webhook FuseSign would send. Every other path answers 404 and is recorded in `unknown`.
 */
export const FAKE_FUSESIGN = {
  token: "fs-test-token",
  tenantId: "71d93054-d095-4458-aad0-a010ca1f2ed7",
  webhookSecret: "whsec-fusesign-test",
};

type FakeCustomer = {
  Customer: { Meta: string; Name: string; Email: string; PhoneNumber: string | null };
  SigningGroup: number;
  CustomerBundleStatus: string;
  CustomerSignUrl: string;
};
export type FakeBundle = {
  Id: string;
  status: "Live" | "Retracted" | "Finalised";
  body: Record<string, unknown>;
  Customers: FakeCustomer[];
  Documents: { Document: { DocumentId: string; SignedPDFDownloadUrl: string | null } }[];
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startFakeFuseSign() {
  const { token, tenantId, webhookSecret } = FAKE_FUSESIGN;
  const uploads = new Map<string, Buffer>();
  const bundles = new Map<string, FakeBundle>();
  const calls: string[] = [];
  const unknown: string[] = [];
  let base = "";
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    calls.push(`${request.method} ${url.pathname}`);
    if (request.headers["x-api-token"] !== token) return answer(401, { Message: "Unauthorized" });
    const body = await readBody(request);
    if (request.method === "POST" && url.pathname === "/api/Document/Upload") {
      if (url.searchParams.get("tenantId") !== tenantId) return answer(400, { Error: "Unknown tenant" });
      if (!String(request.headers["content-type"]).startsWith("multipart/form-data")) {
        return answer(400, { Error: "Expected a file" });
      }
      const start = body.indexOf("%PDF");
      const end = body.lastIndexOf("%%EOF");
      if (start < 0 || end < 0) return answer(400, { Error: "Not a PDF" });
      const id = randomUUID();
      uploads.set(id, body.subarray(start, end + 5));
      return answer(200, { DocumentId: id, DisplayName: "document.pdf" });
    }
    if (request.method === "POST" && url.pathname === "/api/Bundle/Create") {
      const json = JSON.parse(body.toString("utf8"));
      if (json.TenantId !== tenantId) return answer(400, { Error: "Unknown tenant" });
      const documents = json.Documents as { DocumentId: string }[];
      if (documents.some((d) => !uploads.has(d.DocumentId)))
        return answer(400, { Error: "Unknown document" });
      const id = randomUUID();
      bundles.set(id, {
        Id: id,
        status: "Live",
        body: json,
        Customers: (json.Customers as Omit<FakeCustomer, "CustomerBundleStatus" | "CustomerSignUrl">[]).map(
          (c) => ({
            ...c,
            CustomerBundleStatus: "NoActions",
            CustomerSignUrl: `https://sign.fake/${id}/${c.Customer.Meta}`,
          }),
        ),
        Documents: documents.map((d) => ({
          Document: { DocumentId: d.DocumentId, SignedPDFDownloadUrl: null },
        })),
      });
      return answer(200, { Id: id, TenantId: tenantId });
    }
    if (request.method === "GET" && url.pathname === "/api/Bundle/Get") {
      const bundle = bundles.get(url.searchParams.get("BundleId") ?? "");
      if (!bundle || url.searchParams.get("TenantId") !== tenantId)
        return answer(400, { Error: "No bundle" });
      return answer(200, { Id: bundle.Id, Customers: bundle.Customers, Documents: bundle.Documents });
    }
    if (request.method === "POST" && url.pathname === "/api/Bundle/Retract") {
      const bundle = bundles.get(url.searchParams.get("bundleId") ?? "");
      if (!bundle || !url.searchParams.get("reason"))
        return answer(400, { Result: false, Error: "Bad request" });
      if (bundle.status !== "Live") return answer(200, { Result: false, Error: "Bundle is not live" });
      bundle.status = "Retracted";
      return answer(200, { Result: true, Message: "Retracted" });
    }
    if (request.method === "GET" && url.pathname === "/api/Document/Download") {
      const original = uploads.get(url.searchParams.get("documentId") ?? "");
      if (!original) return answer(404, { Message: "Not found" });
      response.writeHead(200, { "content-type": "application/pdf" });
      // FuseSign's own signature over the file stands here as a trailing comment.
      response.end(Buffer.concat([original, Buffer.from("\n% signed by FuseSign (fake)\n")]));
      return;
    }
    unknown.push(`${request.method} ${url.pathname}`);
    return answer(404, { Message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A customer signs or rejects: their status moves, and the webhook FuseSign would send is returned. */
  function customerActs(bundleId: string, meta: string, status: "ActionsCompleted" | "Rejected") {
    const bundle = bundles.get(bundleId);
    const customer = bundle?.Customers.find((c) => c.Customer.Meta === meta);
    if (!bundle || !customer) throw new Error("no such customer");
    customer.CustomerBundleStatus = status;
    const finalised = bundle.Customers.every((c) => c.CustomerBundleStatus === "ActionsCompleted");
    if (finalised) {
      bundle.status = "Finalised";
      for (const d of bundle.Documents) {
        d.Document.SignedPDFDownloadUrl = `${base}/api/Document/Download?tenantId=${tenantId}&documentId=${d.Document.DocumentId}`;
      }
    }
    const event = finalised
      ? "BundleFinalised"
      : status === "Rejected"
        ? "CustomerBundleRejected"
        : "CustomerDocumentSigned";
    return signedWebhook(bundleId, event);
  }

  function signedWebhook(bundleId: string, event: string) {
    const payload = JSON.stringify({
      WebhookId: randomUUID(),
      BundleId: bundleId,
      EventType: event,
      BundleHistoryEvent: { Id: randomUUID(), DateTime: new Date().toISOString() },
    });
    return { payload, signature: createHmac("sha256", webhookSecret).update(payload).digest("hex") };
  }

  return {
    get base() {
      return base;
    },
    uploads,
    bundles,
    calls,
    unknown,
    customerActs,
    signedWebhook,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeFuseSign = Awaited<ReturnType<typeof startFakeFuseSign>>;
