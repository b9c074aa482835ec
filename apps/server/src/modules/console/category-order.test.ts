import { CONSOLE_CATALOGUE_MESSAGES as M } from "@precedent/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { ensureCatalogue } from "../catalogue/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

// The order of categories (issue 37 item 3): staff move a category one place up or down among
// those beside it; firms' catalogue follows at once, the start-up seed keeps what staff made of
// it, and a move past either end is refused.

let t: TestApp;
let people: FirmWithPeople;
let editor: ConsoleClient;
let support: ConsoleClient;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
}, 240_000);
afterAll(async () => t?.close());

type Category = { id: number; name: string; parent: number };
/** The top-level categories as a firm's catalogue lists them, in its order. */
const firmsTopLevel = async () =>
  ((await people.as.owner.get("/api/products/categories")).json().data as Category[])
    .filter((c) => c.parent === 0)
    .map((c) => c.name);
const consoleCategories = async () =>
  (await editor.get("/api/console/catalogue/categories")).json().data.rows as {
    id: number;
    name: string;
    parent_id: number | null;
    hidden: boolean;
  }[];
const move = (id: number, direction: string) =>
  editor.post(`/api/console/catalogue/categories/${id}/move`, { direction });

describe("the order of categories", () => {
  it("moves a category one place and the firms' catalogue follows; the seed keeps it", async () => {
    const before = await firmsTopLevel();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const second = (await consoleCategories()).find((c) => c.name === before[1] && c.parent_id === null);
    if (!second) throw new Error("no second category");

    const res = await move(second.id, "up");
    expect(res.statusCode).toBe(200);
    const expected = [before[1], before[0], ...before.slice(2)];
    expect(await firmsTopLevel()).toEqual(expected);

    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.action, "category.moved"), eq(staffAuditLog.target, `category:${second.id}`)),
      );
    if (!entry) throw new Error("the move was not audited");
    expect((entry.before as { order: string[] }).order.slice(0, 2)).toEqual(before.slice(0, 2));
    expect((entry.after as { order: string[] }).order.slice(0, 2)).toEqual(expected.slice(0, 2));

    // A restart seeds the catalogue again: the order staff set stays.
    await ensureCatalogue(t.db, t.services.templates.starters());
    expect(await firmsTopLevel()).toEqual(expected);

    expect((await move(second.id, "down")).statusCode).toBe(200);
    expect(await firmsTopLevel()).toEqual(before);
  });

  it("refuses a move past either end, and changes nothing", async () => {
    const top = (await consoleCategories()).filter((c) => c.parent_id === null && !c.hidden);
    const first = top[0];
    const last = top.at(-1);
    if (!first || !last) throw new Error("no categories");
    const before = await firmsTopLevel();
    const up = await move(first.id, "up");
    expect(up.statusCode).toBe(409);
    expect(up.json().message).toBe(M.categoryAtEnd);
    expect((await move(last.id, "down")).statusCode).toBe(409);
    expect(await firmsTopLevel()).toEqual(before);
  });

  it("checks the direction and the category, and is for those who edit the catalogue", async () => {
    const [first] = await consoleCategories();
    if (!first) throw new Error("no categories");
    const sideways = await move(first.id, "sideways");
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().data.errors.map((e: { field: string }) => e.field)).toContain("direction");
    expect((await move(999_999, "up")).statusCode).toBe(404);
    const bySupport = await support.post(`/api/console/catalogue/categories/${first.id}/move`, {
      direction: "down",
    });
    expect(bySupport.statusCode).toBe(403);
  });
});
