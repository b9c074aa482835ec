import { ConsoleProductResponse, CONSOLE_CATALOGUE_MESSAGES as M } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { multipartFile } from "../../test/images.ts";
import {
  catalogueImageFiles,
  claimStoredImage,
  ensureCatalogue,
  products,
  storeCatalogueImage,
} from "../catalogue/index.ts";
import { documentFiles } from "../documents/index.ts";
import { sha256Hex } from "../files/index.ts";
import { media } from "../media/index.ts";
import { buildStaff, type ConsoleClient, consoleCookie, productOnSale, signInStaff } from "./testing.ts";

// Issue 37, loose end 1: catalogue images no product or category names are deleted from the
// FileStore by a job, a day after they stopped being used, never while something names them.

const HOUR = 60 * 60_000;
let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let adminEmail: string;
let template: string;
let colour = 0;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  adminEmail = (await buildStaff(t, "administrator")).email;
  admin = await signInStaff(t, adminEmail);
  const first = t.services.templates.starters()[0];
  if (!first) throw new Error("no templates in the library");
  template = first.identifier;
}, 240_000);
afterAll(async () => t?.close());

/** A PNG no other test makes: its own colour. */
const png = () => {
  colour += 1;
  return sharp({
    create: {
      width: 16,
      height: 16,
      channels: 3,
      background: { r: colour % 256, g: (colour >> 8) % 256, b: 7 },
    },
  })
    .png()
    .toBuffer();
};
const urlOf = (bytes: Buffer) => `/api/catalogue/images/${sha256Hex(bytes)}`;
const collection = () => t.services.catalogueImageCollection;
const stored = (bytes: Buffer) => t.services.fileStore.has(sha256Hex(bytes));
const entry = async (bytes: Buffer) =>
  (
    await t.db
      .select()
      .from(catalogueImageFiles)
      .where(eq(catalogueImageFiles.sha256, sha256Hex(bytes)))
  )[0];
/** As the console shows it (the firms' address answers by the same check: console-catalogue-images.test.ts). */
const served = async (bytes: Buffer) =>
  (await admin.get(`/api/console/catalogue/images/${sha256Hex(bytes)}`)).statusCode;
/** Hours later, signed in again (sessions end long before a day is over). */
async function later(ms: number) {
  t.clock.advance(ms);
  admin = await signInStaff(t, adminEmail);
}

const product = async (sku: string) =>
  (await productOnSale(admin, { name: `Collected ${sku}`, sku, priceCents: 5_000, template })).id;
const versionOf = async (id: number) =>
  ConsoleProductResponse.parse((await admin.get(`/api/console/catalogue/products/${id}`)).json()).data
    .version;

async function setImage(id: number, bytes: Buffer) {
  const body = multipartFile({ name: "photo.png", type: "image/png", bytes });
  return t.app.inject({
    method: "PUT",
    url: `/api/console/catalogue/products/${id}/image?version=${await versionOf(id)}`,
    headers: { ...consoleCookie(admin.token), ...body.headers },
    payload: body.payload,
  });
}
async function removeImage(id: number) {
  const res = await admin.delete(
    `/api/console/catalogue/products/${id}/image?version=${await versionOf(id)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
}
const imageOf = async (id: number) =>
  (await t.db.select({ url: products.imageUrl }).from(products).where(eq(products.id, id)))[0]?.url;

describe("collecting unused catalogue images", () => {
  it("keeps a replaced image for 24 hours from its replacement, then deletes it; the new one stays", async () => {
    const id = await product("GC-1");
    const [first, second] = [await png(), await png()];
    expect((await setImage(id, first)).statusCode).toBe(200);
    const replacedAt = t.clock.now();
    expect((await setImage(id, second)).statusCode).toBe(200);
    expect(await entry(first)).toMatchObject({ unusedSince: replacedAt });
    expect(await entry(second)).toMatchObject({ unusedSince: null });

    await later(23 * HOUR);
    await collection().collect();
    expect(await stored(first)).toBe(true);

    await later(1 * HOUR);
    const outcomes = await collection().collect();
    expect(outcomes.get(sha256Hex(first))).toBe("deleted");
    expect(await stored(first)).toBe(false);
    expect(await entry(first)).toBeUndefined();
    expect(await stored(second)).toBe(true);
    expect(await served(second)).toBe(200);
    expect(outcomes.has(sha256Hex(second))).toBe(false);
  });

  it("keeps an image another product still shows; a deleted product's image goes a day after the pass that finds it unused", async () => {
    const [a, b, gone] = [await product("GC-2A"), await product("GC-2B"), await product("GC-2C")];
    const shared = await png();
    const lone = await png();
    expect((await setImage(a, shared)).statusCode).toBe(200);
    expect((await setImage(b, shared)).statusCode).toBe(200);
    expect((await setImage(gone, lone)).statusCode).toBe(200);
    await removeImage(a);
    expect(await entry(shared)).toMatchObject({ unusedSince: null });
    // Deleted outright (nothing points at it): no image change recorded the time, the pass does.
    expect((await admin.delete(`/api/console/catalogue/products/${gone}`)).statusCode).toBe(200);
    expect(await entry(lone)).toMatchObject({ unusedSince: null });
    await collection().collect();
    expect(await entry(lone)).toMatchObject({ unusedSince: t.clock.now() });

    await later(25 * HOUR);
    await collection().collect();
    expect(await stored(lone)).toBe(false);
    expect(await stored(shared)).toBe(true);
    expect(await served(shared)).toBe(200);
  });

  it("keeps an upload in flight (stored, not yet set) for its grace; a re-upload of an image waiting to go starts it again", async () => {
    const inFlight = await png();
    await storeCatalogueImage({ db: t.db, clock: t.clock.now, files: t.services.fileStore }, inFlight);
    expect(await entry(inFlight)).toMatchObject({ unusedSince: t.clock.now() });
    await later(2 * HOUR);
    await collection().collect();
    expect(await stored(inFlight)).toBe(true);

    const id = await product("GC-3");
    const waiting = await png();
    expect((await setImage(id, waiting)).statusCode).toBe(200);
    await removeImage(id);
    await later(23 * HOUR);
    expect((await setImage(id, waiting)).statusCode).toBe(200);
    await later(2 * HOUR);
    await collection().collect();
    expect(await stored(waiting)).toBe(true);
    expect(await served(waiting)).toBe(200);
    // Never set: gone once its day is over.
    expect(await stored(inFlight)).toBe(false);
  });

  it("keeps an image re-used between the check and the delete", async () => {
    const [p1, p2] = [await product("GC-4A"), await product("GC-4B")];
    const [direct, uploaded] = [await png(), await png()];
    for (const [id, bytes] of [
      [p1, direct],
      [p2, uploaded],
    ] as const) {
      expect((await setImage(id, bytes)).statusCode).toBe(200);
      await removeImage(id);
    }
    await later(25 * HOUR);
    const due = await collection().due();
    expect(due).toEqual(expect.arrayContaining([sha256Hex(direct), sha256Hex(uploaded)]));

    // Between the check and the delete: one named again by a path that takes no claim (the row
    // written directly), the other set again through the console.
    await t.db
      .update(products)
      .set({ imageUrl: urlOf(direct) })
      .where(eq(products.id, p1));
    expect((await setImage(p2, uploaded)).statusCode).toBe(200);

    expect(await collection().collectOne(sha256Hex(direct))).toBe("in_use");
    expect(await collection().collectOne(sha256Hex(uploaded))).toBe("not_due");
    for (const bytes of [direct, uploaded]) {
      expect(await stored(bytes)).toBe(true);
      expect(await served(bytes)).toBe(200);
      expect(await entry(bytes)).toMatchObject({ unusedSince: null });
    }
  });

  it("a set racing the delete: either the image stays (set first) or the set is refused naming nothing deleted", async () => {
    for (const sku of ["GC-5A", "GC-5B", "GC-5C"]) {
      const id = await product(sku);
      const bytes = await png();
      expect((await setImage(id, bytes)).statusCode).toBe(200);
      await removeImage(id);
      await later(25 * HOUR);
      await collection().due();
      const [outcome, set] = await Promise.all([
        collection().collectOne(sha256Hex(bytes)),
        setImage(id, bytes),
      ]);
      const named = await imageOf(id);
      if (named === urlOf(bytes)) {
        expect(set.statusCode, set.body).toBe(200);
        expect(await stored(bytes)).toBe(true);
        expect(await served(bytes)).toBe(200);
      } else {
        expect(set.statusCode).toBe(409);
        expect(set.json().message).toBe(M.imageCollected);
        expect(outcome).toBe("deleted");
      }
    }
    // The refusal itself: a claim on an image already collected takes nothing.
    const id = await product("GC-5D");
    const bytes = await png();
    expect((await setImage(id, bytes)).statusCode).toBe(200);
    await removeImage(id);
    await later(25 * HOUR);
    await collection().collect();
    expect(await stored(bytes)).toBe(false);
    expect(await t.db.transaction((tx) => claimStoredImage(tx, urlOf(bytes)))).toBe(false);
  });

  it("leaves the bytes another module keeps (a firm's image, a document's file), letting go of them itself", async () => {
    const [p1, p2] = [await product("GC-6A"), await product("GC-6B")];
    const [logo, attached] = [await png(), await png()];
    expect((await setImage(p1, logo)).statusCode).toBe(200);
    expect((await setImage(p2, attached)).statusCode).toBe(200);
    await removeImage(p1);
    await removeImage(p2);
    await t.db.insert(media).values({
      teamId: people.teamId,
      uploadedBy: people.ids.owner,
      purpose: "logo",
      sha256: sha256Hex(logo),
      mediaType: "image/png",
      fileName: "logo.png",
      size: logo.byteLength,
      width: 16,
      height: 16,
      createdAt: t.clock.now(),
    });
    const doc = await t.buildDocument({ teamId: people.teamId, createdBy: people.ids.owner });
    await t.db.insert(documentFiles).values({
      docId: doc.id,
      teamId: people.teamId,
      kind: "pdf",
      name: "attached.png",
      sha256: sha256Hex(attached),
      size: attached.byteLength,
      createdBy: people.ids.owner,
      createdAt: t.clock.now(),
    });
    await later(25 * HOUR);
    const outcomes = await collection().collect();
    expect(outcomes.get(sha256Hex(logo))).toBe("held_elsewhere");
    expect(outcomes.get(sha256Hex(attached))).toBe("held_elsewhere");
    for (const bytes of [logo, attached]) {
      expect(await stored(bytes)).toBe(true);
      expect(await entry(bytes)).toBeUndefined();
    }
  });

  it("runs as a job every hour", async () => {
    const id = await product("GC-7");
    const bytes = await png();
    expect((await setImage(id, bytes)).statusCode).toBe(200);
    await removeImage(id);
    await t.services.jobs.ensureSchedules();
    await later(25 * HOUR);
    const outcomes = await t.services.jobs.runDue();
    expect(outcomes).toContainEqual(
      expect.objectContaining({ name: "catalogue.collect-unused-images", outcome: "done" }),
    );
    // The job's pass marked nothing new past its grace (the removal recorded its time already).
    expect(await stored(bytes)).toBe(false);
  });
});
