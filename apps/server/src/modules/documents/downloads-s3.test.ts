import { createHash } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { strToU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  type TestApp,
} from "../../test/harness.ts";
import { startLocalS3 } from "../../test/local-s3.ts";
import { createS3Client, objectKey } from "../files/index.ts";
import { fileNameOf } from "./file-names.ts";
import { documentFiles } from "./schema.ts";

// The document downloads over real HTTP with files in a bucket (a local S3 server): streamed whole
// when the object is right, and never whole when it has been tampered with.

let t: TestApp;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let firm: FirmWithPeople;
let base: string;

beforeAll(async () => {
  s3 = await startLocalS3("precedent-downloads");
  t = await createTestApp({ env: s3.env });
  firm = await buildFirmWithPeople(t);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function documentWithPdf(bytes: Uint8Array) {
  const doc = await t.buildDocument({ teamId: firm.teamId, createdBy: firm.ids.alice, status: 5 });
  const stored = await t.services.fileStore.put(bytes, { mediaType: "application/pdf" });
  await t.db.insert(documentFiles).values({
    docId: doc.id,
    teamId: firm.teamId,
    kind: "pdf",
    name: fileNameOf(doc.name, "pdf"),
    sha256: stored.sha256,
    size: stored.size,
    createdBy: firm.ids.alice,
    createdAt: new Date(),
  });
  return { doc, ...stored };
}

/** A download as a browser gets it: the headers, and whatever bytes arrive before the end or a cut. */
async function fetchAll(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}${path.includes("?") ? "&" : "?"}id_team=${firm.teamId}`, {
    ...init,
    headers: { ...bearer(firm.as.alice.token), ...(init.headers ?? {}) },
  });
  const chunks: Uint8Array[] = [];
  let cut = false;
  try {
    for await (const chunk of res.body ?? []) chunks.push(chunk);
  } catch {
    cut = true;
  }
  return { res, bytes: Buffer.concat(chunks), cut };
}

describe("downloads with files in a bucket", () => {
  // 3 MB: several chunks from the bucket, so the held-back last one matters.
  const pdf = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 11)) % 256);
  pdf.set(strToU8("%PDF-1.7"), 0);

  it("streams the file and the zip whole, with the file's length", async () => {
    const { doc, sha256, size } = await documentWithPdf(pdf);
    const single = await fetchAll(`/api/doc/download/${doc.id}?type=pdf`);
    expect(single.res.status).toBe(200);
    expect(single.res.headers.get("content-length")).toBe(String(size));
    expect(hex(single.bytes)).toBe(sha256);
    const zip = await fetchAll("/api/doc/download-zip", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ list_doc: [doc.id] }),
    });
    expect(zip.res.status).toBe(200);
    const [entry] = Object.values(unzipSync(zip.bytes));
    expect(hex(entry ?? new Uint8Array())).toBe(sha256);
  });

  it("never sends a tampered object whole: the download stops short of its length", async () => {
    const other = pdf.slice();
    other[100] = 1;
    const { doc, sha256, size } = await documentWithPdf(other);
    const tampered = other.slice();
    tampered[size - 10] = (tampered[size - 10] ?? 0) ^ 0xff;
    await createS3Client(s3.settings).send(
      new PutObjectCommand({
        Bucket: s3.settings.bucket,
        Key: objectKey(sha256),
        Body: tampered,
        ContentType: "application/pdf",
        Metadata: { size: String(size), sha256 },
      }),
    );
    const single = await fetchAll(`/api/doc/download/${doc.id}?type=pdf`);
    expect(single.cut).toBe(true);
    expect(single.bytes.byteLength).toBeLessThan(size);
  });

  it("answers another firm 404 and sends nothing", async () => {
    const { doc } = await documentWithPdf(strToU8("%PDF-1.7 only for this firm"));
    const res = await fetch(`${base}/api/doc/download/${doc.id}?type=pdf&id_team=${firm.otherTeamId}`, {
      headers: bearer(firm.outsider.token),
    });
    expect(res.status).toBe(404);
  });
});
