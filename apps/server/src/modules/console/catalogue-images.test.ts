import {
  CategoryListResponse,
  ConsoleCategoriesResponse,
  ConsoleCategoryResponse,
  ConsoleProductResponse,
  CONSOLE_CATALOGUE_MESSAGES as M,
  ProductListResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirmWithPeople, createTestApp, type FirmWithPeople, type TestApp } from "../../test/harness.ts";
import { multipartFile, PDF_BYTES, sampleImage } from "../../test/images.ts";
import { ensureCatalogue, products } from "../catalogue/index.ts";
import { sha256Hex } from "../files/index.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, consoleCookie, signInStaff } from "./testing.ts";

// Issue 37 item 3: product and category images set in the console, checked by their bytes,
// stored content-addressed and served to firms; a withdrawn product put back on sale.

let t: TestApp;
let people: FirmWithPeople;
let admin: ConsoleClient;
let editor: ConsoleClient;
let support: ConsoleClient;
let template: string;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db, t.services.templates.starters());
  people = await buildFirmWithPeople(t);
  admin = await signInStaff(t, (await buildStaff(t, "administrator")).email);
  editor = await signInStaff(t, (await buildStaff(t, "content_editor")).email);
  support = await signInStaff(t, (await buildStaff(t, "support")).email);
  const first = t.services.templates.starters()[0];
  if (!first) throw new Error("no templates in the library");
  template = first.identifier;
}, 240_000);
afterAll(async () => t?.close());

const webp = (width = 48, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 150, b: 90 } } })
    .webp()
    .toBuffer();
const wide = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

const upload = (
  client: ConsoleClient,
  url: string,
  bytes: Buffer,
  name = "photo.png",
  type = "image/png",
) => {
  const body = multipartFile({ name, type, bytes });
  return t.app.inject({
    method: "PUT",
    url,
    headers: { ...consoleCookie(client.token), ...body.headers },
    payload: body.payload,
  });
};

const create = async (sku: string, published = true) => {
  const categories = ConsoleCategoriesResponse.parse(
    (await admin.get("/api/console/catalogue/categories")).json(),
  ).data.rows;
  const category = categories.find((c) => c.name === "Business & Commercial");
  const res = await admin.post("/api/console/catalogue/products", {
    name: `Pictured ${sku}`,
    sku,
    price_cents: 5_000,
    category_ids: [category?.id],
    template,
    published,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ConsoleProductResponse.parse(res.json()).data;
};
const read = async (id: number) =>
  ConsoleProductResponse.parse((await admin.get(`/api/console/catalogue/products/${id}`)).json()).data;
const firmsProduct = async (id: number) =>
  ProductListResponse.parse(
    (await people.lite.get("/api/products", { search: "pictured", per_page: 100 })).json(),
  ).data.rows.find((p) => p.id === id);
const auditOf = (target: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.target, target)).orderBy(staffAuditLog.id);
const stored = async (id: number) =>
  (
    await t.db
      .select({ imageUrl: products.imageUrl, version: products.version })
      .from(products)
      .where(eq(products.id, id))
  )[0];

describe("PUT /api/console/catalogue/products/:id/image", () => {
  it("stores a PNG by its hash; firms see it at once, served with its type, a long cache and nosniff", async () => {
    const made = await create("PIC-1");
    const bytes = await sampleImage("png", 40);
    const res = await upload(
      editor,
      `/api/console/catalogue/products/${made.id}/image?version=${made.version}`,
      bytes,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = ConsoleProductResponse.parse(res.json()).data;
    const sha = sha256Hex(bytes);
    expect(after.image_url).toBe(`/api/console/catalogue/images/${sha}`);
    expect(after.version).toBe(made.version + 1);
    expect(after.history[0]).toMatchObject({
      action: "product.image_set",
      before: { image_url: null },
      after: { image_url: `/api/catalogue/images/${sha}`, media_type: "image/png", width: 40, height: 40 },
    });

    const seen = await firmsProduct(made.id);
    expect(seen?.images).toEqual([{ src: `/api/catalogue/images/${sha}` }]);
    const served = await people.lite.get(`/api/catalogue/images/${sha}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    // The console's own address serves the same bytes to staff.
    const preview = await editor.get(after.image_url ?? "");
    expect(preview.statusCode).toBe(200);
    expect(Buffer.compare(preview.rawPayload, bytes)).toBe(0);
  });

  it("replaces and removes it, each at the version read, audited before and after; firms see each at once", async () => {
    const made = await create("PIC-2");
    const first = await sampleImage("jpeg", 30);
    const one = await upload(
      admin,
      `/api/console/catalogue/products/${made.id}/image?version=${made.version}`,
      first,
    );
    expect(one.statusCode, one.body).toBe(200);
    const second = await webp(60, 20);
    const two = await upload(
      admin,
      `/api/console/catalogue/products/${made.id}/image?version=${one.json().data.version}`,
      second,
      "x.jpg",
      "image/jpeg",
    );
    expect(two.statusCode, two.body).toBe(200);
    const replaced = ConsoleProductResponse.parse(two.json()).data;
    expect(replaced.history[0]).toMatchObject({
      action: "product.image_set",
      before: { image_url: `/api/catalogue/images/${sha256Hex(first)}` },
      after: {
        image_url: `/api/catalogue/images/${sha256Hex(second)}`,
        media_type: "image/webp",
        width: 60,
        height: 20,
      },
    });
    expect((await firmsProduct(made.id))?.images).toEqual([
      { src: `/api/catalogue/images/${sha256Hex(second)}` },
    ]);
    // The name and declared type said JPEG: the bytes are WebP, and that is what is served.
    const served = await people.lite.get(`/api/catalogue/images/${sha256Hex(second)}`);
    expect(served.headers["content-type"]).toBe("image/webp");
    // An image no product shows any more is not served.
    expect((await people.lite.get(`/api/catalogue/images/${sha256Hex(first)}`)).statusCode).toBe(404);

    const removed = await admin.delete(
      `/api/console/catalogue/products/${made.id}/image?version=${replaced.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.image_url).toBeNull();
    expect((await firmsProduct(made.id))?.images).toEqual([]);
    const again = await admin.delete(
      `/api/console/catalogue/products/${made.id}/image?version=${removed.json().data.version}`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.noImage);
    expect((await auditOf(`product:${made.id}`)).map((a) => a.action)).toEqual([
      "product.created",
      "product.image_set",
      "product.image_set",
      "product.image_removed",
    ]);
  });

  it("refuses a file that is not PNG, JPEG or WebP by its bytes, over 2 MB or 4000 px, a stale version and support; changes nothing", async () => {
    const made = await create("PIC-3");
    const url = `/api/console/catalogue/products/${made.id}/image?version=${made.version}`;
    const before = await stored(made.id);
    const refusals: [Buffer, string, string][] = [
      [PDF_BYTES, "contract.png", M.imageWrongType],
      [await sampleImage("gif", 20), "anim.png", M.imageWrongType],
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo.png", M.imageWrongType],
      [(await sampleImage("png", 20)).subarray(0, 20), "cut.png", M.imageWrongType],
      [Buffer.alloc(0), "empty.png", M.imageMissing],
      [await wide(4001, 10), "wide.png", M.imageTooWide],
      [await wide(10, 4001), "tall.png", M.imageTooWide],
      [
        Buffer.concat([await sampleImage("png", 20), Buffer.alloc(2 * 1024 * 1024)]),
        "big.png",
        M.imageTooLarge,
      ],
    ];
    for (const [bytes, name, message] of refusals) {
      const res = await upload(editor, url, bytes, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toBe(message);
      expect(res.json().data.errors, name).toEqual([{ field: "file", message }]);
    }
    // 4000 px each way is allowed.
    const edge = await upload(editor, url, await wide(4000, 4000));
    expect(edge.statusCode, edge.body).toBe(200);
    const afterEdge = await stored(made.id);
    expect(afterEdge?.version).toBe((before?.version ?? 0) + 1);

    const stale = await upload(editor, url, await sampleImage("png", 21));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.staleProduct);
    const noFile = await t.app.inject({
      method: "PUT",
      url: `/api/console/catalogue/products/${made.id}/image?version=${afterEdge?.version}`,
      headers: consoleCookie(editor.token),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(M.imageMissing);
    const bySupport = await upload(support, url, await sampleImage("png", 22));
    expect(bySupport.statusCode).toBe(403);
    expect(await stored(made.id)).toEqual(afterEdge);
    expect((await auditOf(`product:${made.id}`)).map((a) => a.action)).toEqual([
      "product.created",
      "product.image_set",
    ]);
  });

  it("of two uploads at the same version at once, one wins and the other is refused (409)", async () => {
    const made = await create("PIC-4");
    const url = `/api/console/catalogue/products/${made.id}/image?version=${made.version}`;
    const results = await Promise.all([
      upload(admin, url, await sampleImage("png", 23)),
      upload(editor, url, await sampleImage("png", 24)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await read(made.id)).version).toBe(made.version + 1);
  });
});

describe("GET /api/catalogue/images/:sha256", () => {
  it("serves catalogue images to any firm's people, never another file in the store, nor to nobody", async () => {
    const made = await create("PIC-5");
    const bytes = await sampleImage("png", 25);
    await upload(admin, `/api/console/catalogue/products/${made.id}/image?version=${made.version}`, bytes);
    const sha = sha256Hex(bytes);
    // Another firm's people read it too: it is catalogue content, not a firm's.
    for (const client of [people.lite, people.as.owner, people.as.alice]) {
      expect((await client.get(`/api/catalogue/images/${sha}`)).statusCode).toBe(200);
    }
    const signedOut = await t.app.inject({ method: "GET", url: `/api/catalogue/images/${sha}` });
    expect(signedOut.statusCode).toBe(401);
    // A file some firm stored (its hash known) is not reachable through this address.
    const firmFile = await t.services.fileStore.put(await sampleImage("png", 26), { mediaType: "image/png" });
    expect((await people.lite.get(`/api/catalogue/images/${firmFile.sha256}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/console/catalogue/images/${firmFile.sha256}`)).statusCode).toBe(404);
    expect((await people.lite.get("/api/catalogue/images/..%2f..%2fetc")).statusCode).toBe(400);
    // A console session is not a firm's, and a firm's is not the console's.
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/catalogue/images/${sha}`,
          headers: consoleCookie(admin.token),
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("PUT /api/console/catalogue/categories/:id/image", () => {
  it("sets, replaces and removes a category's image, audited; the firms' carousel shows it at once", async () => {
    const made = ConsoleCategoryResponse.parse(
      (
        await editor.post("/api/console/catalogue/categories", { name: "Pictured Law", parent_id: null })
      ).json(),
    ).data;
    expect(made.image_url).toBeNull();
    const bytes = await webp(80, 80);
    const res = await upload(
      editor,
      `/api/console/catalogue/categories/${made.id}/image`,
      bytes,
      "c.webp",
      "image/webp",
    );
    expect(res.statusCode, res.body).toBe(200);
    const sha = sha256Hex(bytes);
    expect(res.json().data.image_url).toBe(`/api/console/catalogue/images/${sha}`);
    const firms = async () =>
      CategoryListResponse.parse(
        (await people.lite.get("/api/products/categories", { hide_empty: false })).json(),
      ).data.find((c) => c.id === made.id);
    expect((await firms())?.image).toEqual({ src: `/api/catalogue/images/${sha}` });
    expect((await people.lite.get(`/api/catalogue/images/${sha}`)).headers["content-type"]).toBe(
      "image/webp",
    );

    const refused = await upload(editor, `/api/console/catalogue/categories/${made.id}/image`, PDF_BYTES);
    expect(refused.statusCode).toBe(400);
    expect((await firms())?.image).toEqual({ src: `/api/catalogue/images/${sha}` });
    expect(
      (await upload(support, `/api/console/catalogue/categories/${made.id}/image`, bytes)).statusCode,
    ).toBe(403);

    const removed = await editor.delete(`/api/console/catalogue/categories/${made.id}/image`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await firms())?.image).toBeNull();
    expect((await editor.delete(`/api/console/catalogue/categories/${made.id}/image`)).statusCode).toBe(409);
    const audit = await auditOf(`category:${made.id}`);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ["category.created", null, { name: "Pictured Law", parent_id: null }],
      [
        "category.image_set",
        { image_url: null },
        { image_url: `/api/catalogue/images/${sha}`, media_type: "image/webp", width: 80, height: 80 },
      ],
      ["category.image_removed", { image_url: `/api/catalogue/images/${sha}` }, { image_url: null }],
    ]);
  });
});

describe("POST /api/console/catalogue/products/:id/restore", () => {
  const withdraw = async (sku: string) => {
    const made = await create(sku);
    const ordered = await people.lite.post("/api/orders", {
      line_items: [{ product_id: made.id, quantity: 1 }],
      coupon_lines: [],
      billing: { first_name: "Alice", last_name: "Adviser", email: "alice@firm.test" },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const res = await admin.delete(`/api/console/catalogue/products/${made.id}`);
    expect(res.json().data.outcome).toBe("withdrawn");
    return made;
  };

  it("puts a withdrawn product back on sale (administrators), audited; firms see it again", async () => {
    const made = await withdraw("BACK-1");
    expect(await firmsProduct(made.id)).toBeUndefined();
    expect((await read(made.id)).abilities.restore).toBe(true);

    const byEditor = await editor.post(`/api/console/catalogue/products/${made.id}/restore`, {
      published: true,
    });
    expect(byEditor.statusCode).toBe(403);
    const bad = await admin.post(`/api/console/catalogue/products/${made.id}/restore`, { published: "yes" });
    expect(bad.statusCode).toBe(400);
    expect((await read(made.id)).status).toBe("withdrawn");

    const res = await admin.post(`/api/console/catalogue/products/${made.id}/restore`, { published: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.productRestored);
    const back = ConsoleProductResponse.parse(res.json()).data;
    expect(back).toMatchObject({ status: "publish", abilities: { remove: true, restore: false } });
    expect(back.history[0]).toMatchObject({
      action: "product.restored",
      before: { status: "withdrawn" },
      after: { status: "publish" },
    });
    expect((await firmsProduct(made.id))?.name).toBe("Pictured BACK-1");

    const again = await admin.post(`/api/console/catalogue/products/${made.id}/restore`, { published: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notWithdrawn);
    expect(
      (await admin.post("/api/console/catalogue/products/999999/restore", { published: true })).statusCode,
    ).toBe(404);
  });

  it("as a draft: back in the console, not yet for firms", async () => {
    const made = await withdraw("BACK-2");
    const res = await admin.post(`/api/console/catalogue/products/${made.id}/restore`, { published: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe("draft");
    expect(await firmsProduct(made.id)).toBeUndefined();
  });

  it("refuses while its template is not in the library, changing nothing", async () => {
    const made = await withdraw("BACK-3");
    await t.db.update(products).set({ assembles: "no-such-template" }).where(eq(products.id, made.id));
    const before = await stored(made.id);
    const res = await admin.post(`/api/console/catalogue/products/${made.id}/restore`, { published: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.restoreNeedsTemplate);
    expect(await stored(made.id)).toEqual(before);
    expect((await read(made.id)).status).toBe("withdrawn");
    expect((await auditOf(`product:${made.id}`)).map((a) => a.action)).toEqual([
      "product.created",
      "product.withdrawn",
    ]);
  });
});
