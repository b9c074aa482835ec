import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../modules/documents/index.ts";
import { signingEnvelopes } from "../modules/signing/index.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { ensurePlans, loadDemoData } from "./seed.ts";
import { DEMO_PENDING_DOCUMENT, DEMO_SIGNED_DOCUMENT, signDemoDocuments } from "./signing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensurePlans(t.db);
  expect(await loadDemoData(t.db)).toBe(true);
  // The demo data assembles every demo document (deeds at market length among them): on a busy
  // two-core machine that takes longer than the default minute.
}, 180_000);
afterAll(() => t.close());

const statusOf = async (name: string) =>
  (
    await t.db
      .select({ id: documents.id, status: documents.status })
      .from(documents)
      .where(eq(documents.name, name))
  )[0];

describe("demo signing at start-up", () => {
  it("seals one demo document through the signing pages and leaves another pending with live links", async () => {
    const started = performance.now();
    const links = await signDemoDocuments(t.services, "http://localhost:3000", t.clock.now());
    const elapsedMs = performance.now() - started;

    const signed = await statusOf(DEMO_SIGNED_DOCUMENT);
    expect(signed?.status).toBe(3);
    const [envelope] = await t.db
      .select()
      .from(signingEnvelopes)
      .where(eq(signingEnvelopes.documentId, signed?.id ?? 0));
    expect(envelope?.status).toBe("completed");
    expect(envelope?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    const sealed = await t.services.fileStore.get(envelope?.signedSha256 ?? "");
    expect(
      Buffer.from(sealed?.bytes ?? [])
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    // The firm's owner downloads the sealed PDF and its certificate through the API's own call.
    const ctx = await t.services.firmContext(
      { userId: envelope?.senderUserId ?? 0, sessionId: 0 },
      envelope?.teamId ?? 0,
    );
    for (const file of ["signed", "certificate"] as const) {
      const download = await t.services.signing.signedDownload(ctx, signed?.id ?? 0, file);
      expect(download, file).toBeTruthy();
    }

    expect((await statusOf(DEMO_PENDING_DOCUMENT))?.status).toBe(4);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.url).toMatch(/^http:\/\/localhost:3000\/sign\/[A-Za-z0-9_-]{43}$/);
      const token = link.url.split("/sign/")[1];
      const page = await t.app.inject({ method: "GET", url: `/api/sign/${token}` });
      expect(page.statusCode, page.body).toBe(200);
    }
    const others = await t.db
      .select({ name: documents.name, status: documents.status })
      .from(documents)
      .where(inArray(documents.name, ["Non-Disclosure Agreement – Riverbend Software"]));
    expect(others).toEqual([{ name: "Non-Disclosure Agreement – Riverbend Software", status: 5 }]);
    console.log(`demo signing step: ${elapsedMs.toFixed(0)} ms`);
  }, 60_000);
});
