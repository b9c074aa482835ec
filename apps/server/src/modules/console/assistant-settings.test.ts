import {
  ASSISTANT_OFF_FOR_EVERYONE,
  ASSISTANT_TURNED_OFF,
  AssistantSettingsResponse,
  CONSOLE_SETTINGS_MESSAGES,
  SettingsListResponse,
} from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type SignedInFirm, signedInFirm, type TestApp } from "../../test/harness.ts";
import { staffAuditLog } from "./schema.ts";
import { buildStaff, type ConsoleClient, signInStaff } from "./testing.ts";

/**
 * The assistant's switch for every firm and its provider as console settings (issue 37 item 4):
 * changed by an administrator, audited, in force at once without a restart, the API key staying
 * in the environment.
 */
const SERVER_KEY = "sk-assistant-settings-test-key";
const REASON = "Assistant settings test";

let t: TestApp;
let firm: SignedInFirm;
let admin: ConsoleClient;
let support: ConsoleClient;

beforeAll(async () => {
  t = await createTestApp({ changes: true, env: { ASSISTANT_OPENAI_API_KEY: SERVER_KEY } });
  firm = await signedInFirm(t, { name: "Assistant Settings Advisory" });
  admin = await signInStaff(t, (await buildStaff(t, "administrator", { name: "Ada Admin" })).email);
  support = await signInStaff(t, (await buildStaff(t, "support", { name: "Sam Support" })).email);
}, 240_000);
afterAll(async () => t?.close());

const listed = async () => {
  const res = await admin.get("/api/console/settings");
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: SettingsListResponse.parse(res.json()).data };
};
const settingOf = async (key: string) => {
  const row = (await listed()).data.rows.find((r) => r.key === key);
  if (!row) throw new Error(`${key} not listed`);
  return row;
};
/** Changes a setting from the version it has now. */
const change = async (key: string, value: string, client = admin) =>
  client.put(`/api/console/settings/${key}`, {
    value,
    version: (await settingOf(key)).version,
    reason: REASON,
  });
/** GET /api/ai/settings as the firm's owner, through this server or another. */
const assistantSettings = async (app = t.app) => {
  const res = await app.inject({
    method: "GET",
    url: `/api/ai/settings?id_team=${firm.teamId}`,
    headers: bearer(firm.as.owner.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return AssistantSettingsResponse.parse(res.json()).data;
};

describe("the assistant's switch for every firm", () => {
  it("is on by default; off, the firm is told so, every assistant call is refused, and on again it answers", async () => {
    expect(await settingOf("assistant_enabled")).toMatchObject({
      value: "on",
      default_value: "on",
      environment_name: "ASSISTANT_ENABLED",
      choices: ["on", "off"],
      version: 0,
    });
    expect(await assistantSettings()).toMatchObject({ enabled: true, available: true });

    const off = await change("assistant_enabled", "off");
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ value: "off", overridden: true, version: 1 });
    // The firm's own switch stays as it was; the operator's says the assistant is not there.
    expect(await assistantSettings()).toMatchObject({ enabled: true, available: false });
    for (const refused of [
      await firm.as.owner.post("/api/ai/threads", {}),
      await firm.as.owner.post("/api/ai/init-session", { doc_id: 1 }),
      await firm.as.owner.post("/api/ai/chat-completions", { messages: [{ role: "user", content: "hi" }] }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(ASSISTANT_OFF_FOR_EVERYONE);
    }

    const audit = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.target, "setting:assistant_enabled"));
    expect(audit).toMatchObject([
      {
        action: "setting.changed",
        before: { value: null, version: 0 },
        after: { value: "off", version: 1, reason: REASON },
      },
    ]);

    expect((await change("assistant_enabled", "ON")).json().data.value).toBe("on");
    expect(await assistantSettings()).toMatchObject({ enabled: true, available: true });
    expect((await firm.as.owner.post("/api/ai/threads", {})).statusCode).toBe(200);
    // The firm's switch still counts while the operator's is on.
    expect((await firm.as.owner.post("/api/ai/settings", { enabled: false })).statusCode).toBe(200);
    const firmOff = await firm.as.owner.post("/api/ai/threads", {});
    expect(firmOff.json().message).toBe(ASSISTANT_TURNED_OFF);
    expect((await firm.as.owner.post("/api/ai/settings", { enabled: true })).statusCode).toBe(200);
  });

  it("refuses a value other than on or off, and support may not change it; nothing changes", async () => {
    const before = await settingOf("assistant_enabled");
    const bad = await change("assistant_enabled", "maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ASSISTANT_ENABLED: "maybe" is not one of on, off');
    expect((await change("assistant_enabled", "off", support)).statusCode).toBe(403);
    expect(await settingOf("assistant_enabled")).toEqual(before);
    expect((await assistantSettings()).available).toBe(true);
  });
});

describe("the assistant's provider", () => {
  it("is built-in by default, shows only that the key is set, and refuses the model server without its address and model", async () => {
    const { data, body } = await listed();
    expect(data.secrets).toEqual([
      { environment_name: "ASSISTANT_OPENAI_API_KEY", label: "The assistant model's API key", set: true },
    ]);
    expect(body).not.toContain(SERVER_KEY);
    expect(await settingOf("assistant_provider")).toMatchObject({
      value: "built-in",
      choices: ["built-in", "openai-compatible"],
    });

    const noAddress = await change("assistant_provider", "openai-compatible");
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe(CONSOLE_SETTINGS_MESSAGES.assistantNeedsBaseUrl);
    expect((await settingOf("assistant_provider")).version).toBe(0);
    expect((await assistantSettings()).provider).toBe("built-in");
  });

  it("checks the address and the models' names", async () => {
    for (const [key, value, message] of [
      ["assistant_base_url", "ftp://models.example/v1", "is not the model server's address"],
      ["assistant_base_url", "not a url", "is not the model server's address"],
      ["assistant_base_url", "https://models.example/v1?key=1", "is not the model server's address"],
      [
        "assistant_base_url",
        `https://me:${SERVER_KEY}@models.example/v1`,
        "must not hold a user name or key",
      ],
      ["assistant_chat_model", "gpt 4o", "is not a model name"],
    ] as const) {
      const res = await change(key, value);
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.json().data.errors).toMatchObject([{ field: "value" }]);
    }
    const unknownPurpose = await admin.put("/api/console/settings/assistant_vision_model", {
      value: "gpt-4o",
      version: 0,
      reason: REASON,
    });
    expect(unknownPurpose.statusCode).toBe(400);
    expect((await settingOf("assistant_base_url")).version).toBe(0);
    expect(JSON.stringify(await admin.get("/api/console/settings/assistant_base_url/history"))).not.toContain(
      SERVER_KEY,
    );
  });

  it("moves to the OpenAI-compatible server with its models at once, and back", async () => {
    expect((await change("assistant_base_url", "https://models.example/v1")).statusCode).toBe(200);
    // A needed setting set, the provider is still the built-in one until chosen.
    expect((await assistantSettings()).provider).toBe("built-in");
    expect((await change("assistant_provider", "openai-compatible")).json().message).toBe(
      CONSOLE_SETTINGS_MESSAGES.assistantNeedsChatModel,
    );
    expect((await change("assistant_chat_model", "gpt-4o-mini")).statusCode).toBe(200);
    const chosen = await change("assistant_provider", "openai-compatible");
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await assistantSettings()).toMatchObject({
      provider: "openai-compatible",
      realtime: {
        provider: "openai-compatible",
        model: "gpt-4o-mini-realtime-preview",
        websocket_url: "wss://models.example/v1/realtime",
      },
    });
    expect((await change("assistant_realtime_model", "gpt-realtime-mini")).statusCode).toBe(200);
    expect((await assistantSettings()).realtime?.model).toBe("gpt-realtime-mini");

    // The address cannot be taken away from the chosen provider's settings without a value.
    const emptied = await admin.put("/api/console/settings/assistant_base_url", {
      value: " ",
      version: (await settingOf("assistant_base_url")).version,
      reason: REASON,
    });
    expect(emptied.statusCode).toBe(400);

    expect((await change("assistant_provider", "built-in")).statusCode).toBe(200);
    expect(await assistantSettings()).toMatchObject({ provider: "built-in", realtime: null });
  });

  it("reaches a second server on the same database through the change feed (PostgreSQL)", async () => {
    const other = await t.secondServer();
    if (!other) return; // PGlite's database belongs to one process.
    try {
      const read = async () => {
        const s = await assistantSettings(other.app);
        return [s.available, s.provider];
      };
      expect(await read()).toEqual([true, "built-in"]);
      expect((await change("assistant_enabled", "off")).statusCode).toBe(200);
      expect((await change("assistant_provider", "openai-compatible")).statusCode).toBe(200);
      const started = Date.now();
      let seen = await read();
      while (
        JSON.stringify(seen) !== JSON.stringify([false, "openai-compatible"]) &&
        Date.now() - started < 3000
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await read();
      }
      expect(seen).toEqual([false, "openai-compatible"]);
    } finally {
      await change("assistant_enabled", "on");
      await change("assistant_provider", "built-in");
      await other.close();
    }
  });
});

describe("a deployment whose model server needs no key (a local one, set in the environment)", () => {
  it("keeps its provider by default and may still change the models, but not choose the provider again", async () => {
    const local = await createTestApp({
      env: { ASSISTANT_OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", ASSISTANT_OPENAI_MODEL: "llama3.1:8b" },
    });
    try {
      const staff = await signInStaff(local, (await buildStaff(local, "administrator")).email);
      const rows = SettingsListResponse.parse((await staff.get("/api/console/settings")).json()).data.rows;
      expect(rows.find((r) => r.key === "assistant_provider")).toMatchObject({
        value: "openai-compatible",
        overridden: false,
      });
      const put = (key: string, value: string) =>
        staff.put(`/api/console/settings/${key}`, { value, version: 0, reason: REASON });
      expect((await put("assistant_chat_model", "llama3.2:3b")).statusCode).toBe(200);
      const chosen = await put("assistant_provider", "openai-compatible");
      expect(chosen.statusCode).toBe(400);
      expect(chosen.json().message).toBe(CONSOLE_SETTINGS_MESSAGES.assistantNeedsKey);
      expect((await put("assistant_provider", "built-in")).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  }, 120_000);
});
