import { describe, expect, it, vi } from "vitest";
import { registerOpenInterview, saveOpenInterview } from "./open-interview";

describe("the interview form on screen, saved before the assistant answers", () => {
  it("saves the form of that document, and only of that document", async () => {
    const saveSeven = vi.fn(async () => true);
    const unregister = registerOpenInterview(7, saveSeven);
    await expect(saveOpenInterview(8)).resolves.toBe(true);
    expect(saveSeven).not.toHaveBeenCalled();
    await expect(saveOpenInterview(7)).resolves.toBe(true);
    expect(saveSeven).toHaveBeenCalledTimes(1);
    unregister();
    await saveOpenInterview(7);
    expect(saveSeven).toHaveBeenCalledTimes(1);
  });

  it("says when the save failed, and an older form leaving does not remove the newer one", async () => {
    const older = registerOpenInterview(9, async () => true);
    const newer = vi.fn(async () => false);
    registerOpenInterview(9, newer);
    older();
    await expect(saveOpenInterview(9)).resolves.toBe(false);
    expect(newer).toHaveBeenCalledTimes(1);
  });
});
