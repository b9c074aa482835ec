import { describe, expect, it } from "vitest";
import { stepWindow } from "./step-window";

const text = (current: number, total: number) =>
  stepWindow(current, total)
    .map((m) => (m.kind === "step" ? String(m.step) : "…"))
    .join(" ");

describe("the voice interview's step window", () => {
  it("shows 3 steps around the current one, the first and last, and ellipses for the rest", () => {
    expect(text(1, 10)).toBe("1 2 3 … 10");
    expect(text(2, 10)).toBe("1 2 3 … 10");
    expect(text(3, 10)).toBe("1 2 3 4 … 10");
    expect(text(5, 10)).toBe("1 … 4 5 6 … 10");
    expect(text(9, 10)).toBe("1 … 8 9 10");
    expect(text(10, 10)).toBe("1 … 8 9 10");
  });

  it("shows every step of a short interview, and none of an empty one", () => {
    expect(text(1, 1)).toBe("1");
    expect(text(2, 3)).toBe("1 2 3");
    expect(text(2, 4)).toBe("1 2 3 4");
    expect(text(1, 0)).toBe("");
  });
});
