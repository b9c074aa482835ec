import { IMAGE_UPLOAD_MESSAGES } from "@precedent/contracts";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  buildFirmWithPeople,
  createTestApp,
  type FirmWithPeople,
  signIn,
  type TestApp,
} from "../../test/harness.ts";
import { jpegWithExif, multipartFile, noisyPng, PDF_BYTES, sampleImage } from "../../test/images.ts";
import { fileBlobs } from "../files/index.ts";
import { users } from "../users/index.ts";
import { canViewMedia } from "./policy.ts";
import { media } from "./schema.ts";

let t: TestApp;
let f: FirmWithPeople;
let tokens: Record<"owner" | "alice" | "outsider", string>;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFirmWithPeople(t);
  const [owner, alice, outsider] = await Promise.all(
    [f.ids.owner, f.ids.alice, f.ids.otherOwner].map(async (id) => {
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      return signIn(t, row?.email ?? "");
    }),
  );
  tokens = { owner: owner ?? "", alice: alice ?? "", outsider: outsider ?? "" };
});
afterAll(() => t.close());

const upload = (
  token: string,
  file: { name: string; type: string; bytes: Buffer },
  query: { id_team: number; purpose?: string },
) => {
  const body = multipartFile(file);
  const params = new URLSearchParams({
    id_team: String(query.id_team),
    ...(query.purpose ? { purpose: query.purpose } : {}),
  });
  return t.app.inject({
    method: "POST",
    url: `/api/media?${params}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const stored = async () => ({
  media: (await t.db.select({ n: count() }).from(media))[0]?.n ?? 0,
  blobs: (await t.db.select({ n: count() }).from(fileBlobs))[0]?.n ?? 0,
});

describe("canViewMedia", () => {
  it.each([
    ["the uploader, in no firm", 1, undefined, true],
    ["an owner of its firm", 2, "owner", true],
    ["a manager of its firm", 2, "manager", true],
    ["a member of its firm", 2, "member", true],
    ["anyone else", 2, undefined, false],
  ] as const)("%s: %s", (_who, userId, role, allowed) => {
    expect(canViewMedia(userId, { uploadedBy: 1 }, role)).toBe(allowed);
  });
});

describe("POST /api/media", () => {
  it("stores a PNG avatar and answers its id and address", async () => {
    const res = await upload(
      tokens.alice,
      { name: "me.png", type: "image/png", bytes: await sampleImage("png") },
      {
        id_team: f.teamId,
        purpose: "avatar",
      },
    );
    expect(res.statusCode).toBe(200);
    const { id, source_url } = res.json().data;
    expect(source_url).toBe(`/api/media/${id}`);
    const image = await t.app.inject({ method: "GET", url: source_url, headers: bearer(tokens.alice) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect((await sharp(image.rawPayload).metadata()).format).toBe("png");
  });

  it.each([
    ["a JPEG", "photo.jpg", "image/jpeg", "jpeg"],
    ["a GIF", "anim.gif", "image/gif", "gif"],
  ] as const)("accepts %s as a logo", async (_what, name, type, format) => {
    const res = await upload(
      tokens.owner,
      { name, type, bytes: await sampleImage(format) },
      {
        id_team: f.teamId,
        purpose: "logo",
      },
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, res.json().data.id));
    expect(row).toMatchObject({
      purpose: "logo",
      mediaType: type,
      teamId: f.teamId,
      uploadedBy: f.ids.owner,
    });
  });

  it("strips EXIF: the stored bytes carry none of the photo's metadata", async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("Secret Camera Owner")).toBe(true);
    const res = await upload(
      tokens.alice,
      { name: "camera.jpg", type: "image/jpeg", bytes: original },
      {
        id_team: f.teamId,
      },
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, res.json().data.id));
    const blob = await t.services.fileStore.get(row?.sha256 ?? "");
    const bytes = Buffer.from(blob?.bytes ?? []);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes("Secret Camera Owner")).toBe(false);
    expect(bytes.includes("Hidden Photographer")).toBe(false);
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 80, height: 60 });
  });

  it("refuses a 3 MB PNG with the spec's message and stores nothing", async () => {
    const big = await noisyPng(3 * 1024 * 1024);
    expect(big.byteLength).toBeGreaterThan(3 * 1024 * 1024 - 1);
    const before = await stored();
    const res = await upload(
      tokens.alice,
      { name: "huge.png", type: "image/png", bytes: big },
      { id_team: f.teamId },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: IMAGE_UPLOAD_MESSAGES.tooLarge,
      data: { errors: [{ field: "file", message: "Image must smaller than 2MB!" }] },
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a PDF renamed .png (declared image/png) and stores nothing", async () => {
    const before = await stored();
    const res = await upload(
      tokens.alice,
      { name: "scan.png", type: "image/png", bytes: PDF_BYTES },
      {
        id_team: f.teamId,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You can only upload JPEG/JPG/GIF/PNG file!");
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["a PDF declared as one", "scan.pdf", "application/pdf", PDF_BYTES],
    ["a PNG declared as text", "notes.txt", "text/plain", null],
  ])("refuses %s with the type message", async (_what, name, type, bytes) => {
    const before = await stored();
    const res = await upload(
      tokens.alice,
      { name, type, bytes: bytes ?? (await sampleImage("png")) },
      {
        id_team: f.teamId,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_UPLOAD_MESSAGES.wrongType);
    expect(await stored()).toEqual(before);
  });

  it("refuses a WebP image: only JPEG, GIF and PNG are taken", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const res = await upload(
      tokens.alice,
      { name: "x.png", type: "image/png", bytes: webp },
      { id_team: f.teamId },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_UPLOAD_MESSAGES.wrongType);
  });

  it("refuses a request with no file part", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/media?id_team=${f.teamId}`,
      headers: { ...bearer(tokens.alice), "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(res.statusCode).toBe(400);
  });

  it("is 404 in another firm, and stores nothing", async () => {
    const before = await stored();
    const res = await upload(
      tokens.outsider,
      { name: "me.png", type: "image/png", bytes: await sampleImage("png") },
      {
        id_team: f.teamId,
      },
    );
    expect(res.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it("needs a session", async () => {
    const body = multipartFile({ name: "me.png", type: "image/png", bytes: await sampleImage("png") });
    const res = await t.app.inject({ method: "POST", url: `/api/media?id_team=${f.teamId}`, ...body });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/media/{id}", () => {
  it("serves the image to the firm's members and to nobody else", async () => {
    const res = await upload(
      tokens.owner,
      { name: "logo.png", type: "image/png", bytes: await sampleImage("png") },
      {
        id_team: f.teamId,
        purpose: "logo",
      },
    );
    const { source_url } = res.json().data;
    for (const token of [tokens.owner, tokens.alice]) {
      const image = await t.app.inject({ method: "GET", url: source_url, headers: bearer(token) });
      expect(image.statusCode).toBe(200);
      expect(image.headers["cache-control"]).toContain("private");
    }
    const outsider = await t.app.inject({ method: "GET", url: source_url, headers: bearer(tokens.outsider) });
    expect(outsider.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/media/999999",
      headers: bearer(tokens.owner),
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: "GET", url: source_url });
    expect(anonymous.statusCode).toBe(401);
  });
});
