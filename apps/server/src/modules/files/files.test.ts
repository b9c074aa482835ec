import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { fileBlobs } from "./schema.ts";
import { createDatabaseFileStore, type FileStore } from "./service.ts";

let t: TestApp;
let store: FileStore;

beforeAll(async () => {
  t = await createTestApp();
  store = createDatabaseFileStore({ db: t.db, clock: t.clock.now });
});
afterAll(() => t.close());

describe("database FileStore", () => {
  it("stores bytes under their SHA-256 and gives them back unchanged", async () => {
    // Every byte value, so no encoding step can pass by accident.
    const bytes = new Uint8Array(512).map((_, i) => i % 256);
    const stored = await store.put(bytes, { mediaType: "application/octet-stream" });
    expect(stored).toEqual({ sha256: createHash("sha256").update(bytes).digest("hex"), size: 512 });
    expect(await store.has(stored.sha256)).toBe(true);
    const back = await store.get(stored.sha256);
    expect(back?.mediaType).toBe("application/octet-stream");
    expect(back?.size).toBe(512);
    expect(Buffer.from(back?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it("keeps identical content once", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 the same twice");
    const first = await store.put(bytes, { mediaType: "application/pdf" });
    const second = await store.put(bytes.slice(), { mediaType: "application/pdf" });
    expect(second).toEqual(first);
    expect(await t.db.select().from(fileBlobs).where(eq(fileBlobs.sha256, first.sha256))).toHaveLength(1);
  });

  it("answers null and false for content it does not hold", async () => {
    const absent = createHash("sha256").update("never stored").digest("hex");
    expect(await store.get(absent)).toBeNull();
    expect(await store.has(absent)).toBe(false);
  });

  it("stores an empty file", async () => {
    const stored = await store.put(new Uint8Array(0), { mediaType: "text/plain" });
    expect(stored.size).toBe(0);
    expect((await store.get(stored.sha256))?.bytes.byteLength).toBe(0);
  });
});
