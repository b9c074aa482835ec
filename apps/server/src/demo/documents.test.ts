import type { DocumentRow, FolderNode } from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, firstFirmClient, type TestApp } from "../test/harness.ts";
import { DEMO_PASSWORD, loadDemoData } from "./seed.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.db);
  // Seeding assembles every demo document (deeds at market length among them): see signing.test.ts.
}, 180_000);
afterAll(() => t.close());

const demoClient = (email: string) => firstFirmClient(t, email, DEMO_PASSWORD);
const depth = (nodes: FolderNode[]): number =>
  Math.max(0, ...nodes.map((n) => Math.max(n.parent_id.length, depth(n.children))));

describe("demo documents and folders", () => {
  it("gives the demo firm about 40 documents in every status, owned by all three users", async () => {
    const owner = await demoClient("owner@demo.test");
    const counts = (await owner.get("/api/doc/get-status-for-list-owner")).json().data;
    expect(counts.total_record).toBeGreaterThanOrEqual(35);
    expect(counts.rows.every((r: { total: number }) => r.total > 0)).toBe(true);
    const rows: DocumentRow[] = (await owner.get("/api/doc/list-for-owner", { length: 100 })).json().data
      .rows;
    expect(new Set(rows.map((r) => r.created_by)).size).toBe(3);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["DOC", "ASIC", "CAS 360", "Simple Fund 360"]));
  });

  it("fills every section for every user, with folders nested to the depth limits", async () => {
    for (const email of ["owner@demo.test", "manager@demo.test", "member@demo.test"]) {
      const client = await demoClient(email);
      expect((await client.get("/api/doc", { type: 1 })).json().data.total_record).toBeGreaterThan(5);
      expect((await client.get("/api/doc", { type: 2 })).json().data.total_record).toBeGreaterThan(5);
    }
    const owner = await demoClient("owner@demo.test");
    expect(depth((await owner.get("/api/folder/get-all", { type: 1 })).json().data.rows)).toBe(2);
    const shared: FolderNode[] = (await owner.get("/api/folder/get-all", { type: 2 })).json().data.rows;
    expect(depth(shared)).toBe(3);
    expect(shared.some((n) => n.folder_share_id !== null)).toBe(true);
  });

  it("has a history for its documents", async () => {
    const owner = await demoClient("owner@demo.test");
    const log = (await owner.get("/api/log/log-changes")).json().data;
    expect(log.total_record).toBeGreaterThan(40);
  });

  it("leaves the other firm empty", async () => {
    const other = await demoClient("owner@other.test");
    expect((await other.get("/api/doc", { type: 1 })).json().data.total_record).toBe(0);
  });
});
