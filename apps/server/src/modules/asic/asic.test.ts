import {
  COMPANY_NAME_REQUIRED,
  DIRECTOR_ID_CONFIRMATIONS_REQUIRED,
  type DocumentLogEntry,
  LEGAL_ELEMENT_REQUIRED,
  NOT_AN_ASIC_DOCUMENT,
} from "@precedent/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { integrationLogs } from "../logs/index.ts";
import { asicNameApplications, asicNameRegister } from "./schema.ts";

let t: TestApp;
let f: FirmWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
});
afterAll(() => t.close());

const asicDraft = async (client = f.as.alice, name = "Company registration") => {
  const res = await client.post("/api/doc/draft", { name, is_asic_document: 1 });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as number;
};

const check = (company_name: string, legal_element = "PTY LTD", client = f.as.alice) =>
  client.post("/api/asic/check-company-name", { company_name, legal_element });

const logCount = async () => (await t.db.select({ n: count() }).from(integrationLogs))[0]?.n ?? 0;

describe("POST /api/asic/check-company-name", () => {
  it("answers success for a name nobody holds", async () => {
    const res = await check("Quokka Ridge Orchards");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "",
      data: { is_available: true, is_manual_check: false, reason: null },
    });
  });

  it("answers error for a name identical under rule 6101 to one on the register", async () => {
    const res = await check("The Harbour Bakeries", "PTY. LIMITED");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("The Harbour Bakeries PTY. LIMITED is not available.");
    expect(body.data).toMatchObject({ is_available: false, is_manual_check: false });
    expect(body.data.reason).toContain("Harbour Bakery Pty Ltd");
  });

  it("seeds a register of a few thousand names", async () => {
    const [row] = await t.db
      .select({ n: count() })
      .from(asicNameRegister)
      .where(eq(asicNameRegister.source, "register"));
    expect(row?.n).toBeGreaterThan(2000);
  });

  it("answers manual for a word needing consent", async () => {
    const body = (await check("Quokka Ridge Bank")).json();
    expect(body.data).toMatchObject({ is_available: true, is_manual_check: true });
    expect(body.data.reason).toContain("Banking Act 1959 (Cth) s66");
    expect(body.message).toContain("manually");
  });

  it("refuses an unacceptable word", async () => {
    const body = (await check("Commonwealth Quokka Tours")).json();
    expect(body.data).toMatchObject({ is_available: false, is_manual_check: false });
    expect(body.data.reason).toContain("6203(c)");
  });

  it("refuses an empty name, an over-long one and a missing legal element, with clear messages", async () => {
    const empty = await check("   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(COMPANY_NAME_REQUIRED);
    const long = await check("Q".repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("200 characters or fewer");
    const noLegal = await f.as.alice.post("/api/asic/check-company-name", { company_name: "Quokka" });
    expect(noLegal.statusCode).toBe(400);
    expect(noLegal.json().message).toBe(LEGAL_ELEMENT_REQUIRED);
    // Fits alone, too long with its legal element: refused by the rules.
    const withElement = (await check("Q".repeat(195), "PROPRIETARY LIMITED")).json();
    expect(withElement.data.is_available).toBe(false);
    expect(withElement.data.reason).toContain("200 characters or fewer");
  });

  it("writes an ASIC log entry for every check", async () => {
    const before = await logCount();
    await check("Wombat Flat Farming");
    await check("Harbour Bakery");
    expect(await logCount()).toBe(before + 2);
    const [last] = await t.db
      .select()
      .from(integrationLogs)
      .orderBy(integrationLogs.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ type: "ASIC", action: "asic/check-company-name", isSuccess: false });
  });

  it("is refused to someone outside the firm, and logs nothing", async () => {
    const before = await logCount();
    const res = await f.outsider.post("/api/asic/check-company-name", {
      company_name: "Quokka",
      legal_element: "PTY LTD",
    });
    expect(res.statusCode).toBe(404);
    expect(await logCount()).toBe(before);
  });
});

describe("POST /api/asic/apply-proposed-name", () => {
  it("applies a name, after which it is taken for everyone (identical forms included)", async () => {
    const docId = await asicDraft();
    const res = await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      proposed_name: "Lakeside Joinery",
      legal_element: "PTY LTD",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ applied: true, reason: null, is_pre_consent: false });

    const taken = (await check("The Lakeside Joineries", "PTY. LTD.", f.lite)).json();
    expect(taken.data.is_available).toBe(false);
    expect(taken.data.reason).toContain("already applied for");

    const otherDoc = await asicDraft(f.lite, "Another registration");
    const second = await f.lite.post("/api/asic/apply-proposed-name", {
      doc_id: otherDoc,
      proposed_name: "Lakeside Joinery",
      legal_element: "PTY LIMITED",
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.applied).toBe(false);
    expect(second.json().message).toContain("Can not apply name");

    // The document that holds the name may apply for it again.
    const again = await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      proposed_name: "Lakeside Joinery",
      legal_element: "PTY LTD",
    });
    expect(again.json().data.applied).toBe(true);
  });

  it("replaces a document's earlier name, freeing it", async () => {
    const docId = await asicDraft();
    const apply = (proposed_name: string) =>
      f.as.alice.post("/api/asic/apply-proposed-name", {
        doc_id: docId,
        proposed_name,
        legal_element: "PTY LTD",
      });
    expect((await apply("Emu Plains Tiling")).json().data.applied).toBe(true);
    expect((await apply("Emu Plains Tilers Co")).json().data.applied).toBe(true);
    expect((await check("Emu Plains Tiling")).json().data.is_available).toBe(true);
  });

  it("gives one name to exactly one of two documents applying at once", async () => {
    const [a, b] = [await asicDraft(), await asicDraft(f.lite, "Race")];
    const results = await Promise.all([
      f.as.alice.post("/api/asic/apply-proposed-name", {
        doc_id: a,
        proposed_name: "Numbat Creek Vineyards",
        legal_element: "PTY LTD",
      }),
      f.lite.post("/api/asic/apply-proposed-name", {
        doc_id: b,
        proposed_name: "Numbat Creek Vineyard",
        legal_element: "PTY LTD",
      }),
    ]);
    expect(results.map((r) => r.json().data.applied).sort()).toEqual([false, true]);
    const held = await t.db
      .select()
      .from(asicNameRegister)
      .where(eq(asicNameRegister.nameKey, "numbatcreekvineyard"));
    expect(held).toHaveLength(1);
  });

  it("records the consent and Director ID confirmations, and refuses them part-ticked", async () => {
    const docId = await asicDraft();
    const partial = await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      pre_registration_consent: 1,
      pre_director_read: 1,
      pre_director_offences: 1,
      pre_director_requirement: 0,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(DIRECTOR_ID_CONFIRMATIONS_REQUIRED);
    expect(
      await t.db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, docId)),
    ).toEqual([]);

    const full = await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      pre_registration_consent: 1,
      pre_director_read: 1,
      pre_director_offences: 1,
      pre_director_requirement: 1,
    });
    expect(full.json().data).toEqual({ applied: null, reason: null, is_pre_consent: true });
  });

  it("refuses a document that is not a registration", async () => {
    const plain = (await f.as.alice.post("/api/doc/draft", { name: "Plain" })).json().data.id;
    const res = await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: plain,
      proposed_name: "Plain Sailing",
      legal_element: "PTY LTD",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_AN_ASIC_DOCUMENT);
    expect((await check("Plain Sailing")).json().data.is_available).toBe(true);
  });

  it("gives another firm 404 for our document and changes nothing", async () => {
    const docId = await asicDraft();
    for (const client of [f.lite, f.outsider]) {
      const res = await client.post("/api/asic/apply-proposed-name", {
        doc_id: docId,
        proposed_name: "Bilby Downs Pastoral",
        legal_element: "PTY LTD",
        pre_registration_consent: 1,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await check("Bilby Downs Pastoral")).json().data.is_available).toBe(true);
    expect(
      await t.db.select().from(asicNameApplications).where(eq(asicNameApplications.docId, docId)),
    ).toEqual([]);
  });
});

describe("POST /api/asic/check-pre-consent", () => {
  it("reports the recorded answers, logged against the document (Document Logs, ASIC)", async () => {
    const docId = await asicDraft();
    const empty = (await f.as.alice.post("/api/asic/check-pre-consent", { doc_id: docId })).json().data;
    expect(empty.is_pre_consent).toBe(false);
    await f.as.alice.post("/api/asic/apply-proposed-name", {
      doc_id: docId,
      proposed_name: "Platypus Bend Cafe",
      legal_element: "PTY LTD",
      pre_registration_consent: true,
      pre_director_read: true,
      pre_director_offences: true,
      pre_director_requirement: true,
    });
    const state = (await f.as.alice.post("/api/asic/check-pre-consent", { doc_id: docId })).json().data;
    expect(state).toEqual({
      is_pre_consent: true,
      proposed_name: "Platypus Bend Cafe",
      legal_element: "PTY LTD",
      pre_registration_consent: true,
      pre_director_read: true,
      pre_director_offences: true,
      pre_director_requirement: true,
    });
    const log = (await f.as.alice.get("/api/log", { id: docId })).json().data.rows as DocumentLogEntry[];
    expect(log.map((row) => [row.type, row.action])).toEqual([
      ["ASIC", "asic/check-pre-consent"],
      ["ASIC", "asic/apply-proposed-name"],
      ["ASIC", "asic/check-pre-consent"],
    ]);
  });

  it("gives another firm 404", async () => {
    const docId = await asicDraft();
    expect((await f.lite.post("/api/asic/check-pre-consent", { doc_id: docId })).statusCode).toBe(404);
    expect((await f.outsider.post("/api/asic/check-pre-consent", { doc_id: docId })).statusCode).toBe(404);
  });
});
