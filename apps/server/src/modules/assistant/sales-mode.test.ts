import {
  ASSISTANT_NO_MODEL,
  CreateThreadResponse,
  PostMessageResponse,
  ThreadResponse,
} from "@precedent/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { dollars, salesCatalogueOf } from "./sales.ts";

/**
 * The sales mode with the built-in provider (offline): its courses, offer and prices come from the
 * settings, it answers about them and links to where a person buys, and sells nothing. And the
 * direct model calls, refused with no model configured.
 */
let t: TestApp;
let people: FirmWithPeople;

// Settings of this test's own, not the defaults: the answers must come from them, not from code.
const COURSES =
  "wills-101|Wills Masterclass|1795|https://courses.example.com/wills;" +
  "trusts-201|Trust Deeds in Depth|2495|https://courses.example.com/trusts";
const OFFERS = "successor-director|Successor Director|750|per company|https://shop.example.com/successor";

beforeAll(async () => {
  t = await createTestApp({ env: { ASSISTANT_SALES_COURSES: COURSES, ASSISTANT_SALES_OFFERS: OFFERS } });
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
}, 240_000);
afterAll(async () => t?.close());

describe("the sales mode", () => {
  it("greets with the range of prices and the offer from the settings, and answers about them", async () => {
    const alice = people.as.alice;
    const created = await alice.post("/api/ai/threads", { mode: "sales" });
    expect(created.statusCode, created.body).toBe(200);
    const thread = CreateThreadResponse.parse(created.json()).data;
    expect(thread.mode).toBe("sales");
    expect(thread.messages[0]?.text).toContain("$1,795 to $2,495");
    expect(thread.messages[0]?.text).toContain("Successor Director offer ($750 per company)");

    const say = async (text: string) => {
      const res = await alice.post(`/api/ai/threads/${thread.thread_id}/messages`, {
        text,
        is_prompt: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      return PostMessageResponse.parse(res.json()).data.reply;
    };
    const courses = await say("What training courses do you run?");
    expect(courses.text).toContain("Wills Masterclass: $1,795");
    expect(courses.text).toContain("Trust Deeds in Depth: $2,495");
    expect(courses.text).toContain("https://courses.example.com/wills");
    expect(courses.template).toBeNull();
    expect(courses.doc_id).toBeNull();

    const offer = await say("How much is the successor director offer?");
    expect(offer.text).toContain("Successor Director: $750 per company");
    expect(offer.text).toContain("https://shop.example.com/successor");

    const buying = await say("I want to buy the trusts course now, take my card");
    expect(buying.text).toContain("I cannot take payments or enrolments in the chat");
    expect(buying.text).toContain("https://courses.example.com/trusts");
    expect(buying.text).not.toContain("Wills Masterclass");

    // A request for a document in sales mode does not start one.
    const document = await say("I need a confidentiality agreement, start it");
    expect(document.intent).toBe("clarify");
    expect(document.template).toBeNull();

    const read = await alice.get(`/api/ai/threads/${thread.thread_id}`);
    const history = ThreadResponse.parse(read.json()).data;
    expect(history.mode).toBe("sales");
    expect(history.doc_id).toBeNull();
    expect(history.messages).toHaveLength(9);
  });

  it("a thread without a mode helps with documents as before; a bad mode is refused", async () => {
    const bob = people.as.bob;
    const plain = CreateThreadResponse.parse((await bob.post("/api/ai/threads", {})).json()).data;
    expect(plain.mode).toBe("assistant");
    const bad = await bob.post("/api/ai/threads", { mode: "shop" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("mode must be assistant or sales");
  });

  it("another firm's person cannot read a sales thread", async () => {
    const thread = CreateThreadResponse.parse(
      (await people.as.manager.post("/api/ai/threads", { mode: "sales" })).json(),
    ).data;
    const outsider = await people.outsider.get(`/api/ai/threads/${thread.thread_id}`);
    expect(outsider.statusCode).toBe(404);
    const own = await people.lite.get(`/api/ai/threads/${thread.thread_id}`);
    expect(own.statusCode).toBe(404);
  });
});

describe("the direct model calls with the built-in provider", () => {
  it("are refused with a clear message, and another firm's person is not found", async () => {
    const chat = await people.as.owner.post("/api/ai/chat-completions", {
      messages: [{ role: "user", content: "hi" }],
    });
    expect(chat.statusCode).toBe(409);
    expect(chat.json().message).toBe(ASSISTANT_NO_MODEL);
    const token = await people.as.owner.post("/api/ai/get-temp-token", { modalities: ["audio"] });
    expect(token.statusCode).toBe(409);
    expect(token.json().message).toBe(ASSISTANT_NO_MODEL);
    const outsider = await people.outsider.post("/api/ai/get-temp-token", {});
    expect(outsider.statusCode).toBe(404);
  });

  it("bad input gets a clear message", async () => {
    const empty = await people.as.owner.post("/api/ai/chat-completions", { messages: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("messages must hold at least one message");
    const role = await people.as.owner.post("/api/ai/chat-completions", {
      messages: [{ role: "tool", content: "x" }],
    });
    expect(role.statusCode).toBe(400);
    expect(role.body).toContain("role must be system, user or assistant");
    const modality = await people.as.owner.post("/api/ai/get-temp-token", { modalities: ["video"] });
    expect(modality.statusCode).toBe(400);
    expect(modality.body).toContain("a modality is text or audio");
  });
});

describe("the sales settings", () => {
  it("are read from the settings and a bad one names itself", () => {
    const catalogue = salesCatalogueOf({ ASSISTANT_SALES_COURSES: COURSES, ASSISTANT_SALES_OFFERS: OFFERS });
    expect(catalogue.courses.map((c) => c.priceCents)).toEqual([179_500, 249_500]);
    expect(catalogue.offers[0]).toMatchObject({
      name: "Successor Director",
      priceCents: 75_000,
      unit: "per company",
    });
    expect(() => salesCatalogueOf({ ASSISTANT_SALES_COURSES: "a|Course|lots|https://x.example" })).toThrow(
      /ASSISTANT_SALES_COURSES: "lots" is not an amount/,
    );
    expect(() => salesCatalogueOf({ ASSISTANT_SALES_OFFERS: "a|Offer|750|https://x.example" })).toThrow(
      /ASSISTANT_SALES_OFFERS: .* is not id\|name\|dollars\|unit\|address/,
    );
    expect(() => salesCatalogueOf({ ASSISTANT_SALES_COURSES: "a|Course|10|javascript:alert(1)" })).toThrow(
      /is not an http\(s\) address/,
    );
    // The defaults: courses from $1,795 to $2,495 and the offer at $750 per company.
    const defaults = salesCatalogueOf({});
    expect(dollars(Math.min(...defaults.courses.map((c) => c.priceCents)))).toBe("$1,795");
    expect(dollars(Math.max(...defaults.courses.map((c) => c.priceCents)))).toBe("$2,495");
    expect(dollars(defaults.offers[0]?.priceCents ?? 0)).toBe("$750");
    expect(dollars(1250)).toBe("$12.50");
  });
});
