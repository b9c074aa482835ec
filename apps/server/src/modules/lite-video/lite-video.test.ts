import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInFirm, type TestApp } from "../../test/harness.ts";
import { canSetLiteVideoPreference, shouldOfferLiteVideo } from "./policy.ts";
import { liteVideoPreferences } from "./schema.ts";
import { NOT_YOUR_PREFERENCE } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preferences = async () => (await t.db.select({ n: count() }).from(liteVideoPreferences))[0]?.n ?? 0;

async function liteFirm() {
  const { people, as } = await signedInFirm(t, { planSlug: "ly-basic" });
  return { owner: people.owner, client: as.owner };
}

describe("lite video policy", () => {
  it("a preference is set only by its owner", () => {
    expect(canSetLiteVideoPreference(4, 4)).toBe(true);
    expect(canSetLiteVideoPreference(4, 5)).toBe(false);
  });
  it.each([
    [true, false, "/v.svg", true],
    [true, true, "/v.svg", false],
    [false, false, "/v.svg", false],
    [true, false, null, false],
  ])("Lite %s, hidden %s, video %s: offered = %s", (onLitePlan, hidden, videoUrl, offered) => {
    expect(shouldOfferLiteVideo({ onLitePlan, hidden, videoUrl })).toBe(offered);
  });
});

describe("GET /api/user/lite-video", () => {
  it("offers the Lite plan's video with the plan's address; not on other plans", async () => {
    const { client } = await liteFirm();
    const res = await client.get("/api/user/lite-video");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ show_video: true, video_url: "/media/lite-plan-intro.webm" });

    const bestClient = (await signedInFirm(t)).as.owner;
    expect((await bestClient.get("/api/user/lite-video")).json().data).toEqual({
      show_video: false,
      video_url: null,
    });
  });

  it("answers 404 for a firm the caller is not in", async () => {
    const { client } = await liteFirm();
    const other = await t.buildTeam({ planSlug: "ly-basic" });
    const res = await client.get("/api/user/lite-video", { id_team: other.team.id });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/user/set-hide-lite-video", () => {
  it("records 'Do not display again' for yourself; the video is then not offered; repeating is harmless", async () => {
    const { owner, client } = await liteFirm();
    const res = await client.post("/api/user/set-hide-lite-video", { user_id: owner.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "", data: { hide_lite_video: true } });
    expect((await client.get("/api/user/lite-video")).json().data.show_video).toBe(false);
    const again = await client.post("/api/user/set-hide-lite-video", { user_id: owner.id });
    expect(again.statusCode).toBe(200);
  });

  it("refuses to set someone else's preference (403) and changes nothing", async () => {
    const { client } = await liteFirm();
    const someoneElse = await liteFirm();
    const before = await preferences();
    const res = await client.post("/api/user/set-hide-lite-video", { user_id: someoneElse.owner.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_YOUR_PREFERENCE);
    expect(await preferences()).toBe(before);
    expect((await someoneElse.client.get("/api/user/lite-video")).json().data.show_video).toBe(true);
  });

  it("refuses bad input with the field at fault and changes nothing", async () => {
    const { client } = await liteFirm();
    const before = await preferences();
    for (const body of [{}, { user_id: "me" }, { user_id: -1 }]) {
      const res = await client.post("/api/user/set-hide-lite-video", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors[0].field).toBe("user_id");
    }
    expect(await preferences()).toBe(before);
  });

  it("needs a signed-in person", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user/set-hide-lite-video",
      payload: { user_id: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});
