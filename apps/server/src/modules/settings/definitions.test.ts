import { CONSOLE_SETTINGS_MESSAGES } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { combinationProblem, settingDefaults } from "./definitions.ts";

describe("the assistant's settings' defaults", () => {
  it("are the environment's, the provider worked out as at start-up when not named", () => {
    expect(settingDefaults({})).toMatchObject({
      assistant_enabled: "on",
      assistant_provider: "built-in",
      assistant_base_url: "",
      assistant_chat_model: "",
      assistant_realtime_model: "gpt-4o-mini-realtime-preview",
      assistant_transcription_model: "whisper-1",
    });
    const model = {
      ASSISTANT_OPENAI_BASE_URL: "https://api.openai.com/v1",
      ASSISTANT_OPENAI_MODEL: "gpt-4o-mini",
    };
    expect(settingDefaults(model)).toMatchObject({
      assistant_provider: "openai-compatible",
      assistant_base_url: "https://api.openai.com/v1",
      assistant_chat_model: "gpt-4o-mini",
    });
    expect(
      settingDefaults({ ...model, ASSISTANT_PROVIDER: "built-in", ASSISTANT_ENABLED: "off" }),
    ).toMatchObject({
      assistant_provider: "built-in",
      assistant_enabled: "off",
    });
  });
});

describe("combinationProblem", () => {
  const chosen = {
    ...settingDefaults({}),
    assistant_provider: "openai-compatible",
    assistant_base_url: "https://api.openai.com/v1",
    assistant_chat_model: "gpt-4o-mini",
  };
  it("names what the OpenAI-compatible provider lacks, first the address, then the model, then the key", () => {
    expect(combinationProblem({ ...chosen, assistant_base_url: "" }, {})).toBe(
      CONSOLE_SETTINGS_MESSAGES.assistantNeedsBaseUrl,
    );
    expect(
      combinationProblem({ ...chosen, assistant_chat_model: "" }, { ASSISTANT_OPENAI_API_KEY: true }),
    ).toBe(CONSOLE_SETTINGS_MESSAGES.assistantNeedsChatModel);
    expect(combinationProblem(chosen, {})).toBe(CONSOLE_SETTINGS_MESSAGES.assistantNeedsKey);
    expect(combinationProblem(chosen, { ASSISTANT_OPENAI_API_KEY: true })).toBeNull();
  });
  it("has nothing to say of the built-in provider", () => {
    expect(combinationProblem(settingDefaults({}), {})).toBeNull();
  });
});
