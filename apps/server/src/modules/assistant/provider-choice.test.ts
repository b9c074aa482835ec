import { describe, expect, it } from "vitest";
import { assistantChoiceOf } from "./provider-choice.ts";

describe("assistantChoiceOf", () => {
  const model = {
    ASSISTANT_OPENAI_BASE_URL: "https://models.example/v1",
    ASSISTANT_OPENAI_MODEL: "gpt-4o-mini",
  } as const;

  it("is on and built-in with nothing configured", () => {
    const choice = assistantChoiceOf({});
    expect([choice.on, choice.provider.name, choice.gateway, choice.speech]).toEqual([
      true,
      "built-in",
      null,
      null,
    ]);
  });

  it("answers with the configured model unless the built-in provider is named", () => {
    const configured = assistantChoiceOf(model);
    expect(configured.provider.name).toBe("openai-compatible");
    expect(configured.gateway?.chatModel).toBe("gpt-4o-mini");
    expect(configured.speech).not.toBeNull();

    const builtIn = assistantChoiceOf({ ...model, ASSISTANT_PROVIDER: "built-in" });
    expect([builtIn.provider.name, builtIn.gateway, builtIn.speech]).toEqual(["built-in", null, null]);
  });

  it("falls back to the built-in provider when the chosen model server lacks its address", () => {
    const choice = assistantChoiceOf({
      ASSISTANT_PROVIDER: "openai-compatible",
      ASSISTANT_OPENAI_MODEL: "m",
    });
    expect(choice.provider.name).toBe("built-in");
    expect(choice.gateway).toBeNull();
  });

  it("is off for everyone when switched off", () => {
    expect(assistantChoiceOf({ ...model, ASSISTANT_ENABLED: "off" }).on).toBe(false);
  });
});
