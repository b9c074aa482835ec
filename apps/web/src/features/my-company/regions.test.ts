import { describe, expect, it } from "vitest";
import { AUSTRALIAN_STATES, countryOptions } from "./regions";

describe("countryOptions", () => {
  it("names the countries by their ISO codes, Australia first, no groupings", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ value: "AU", label: "Australia" });
    expect(options).toContainEqual({ value: "NZ", label: "New Zealand" });
    expect(options.map((o) => o.value)).not.toContain("EU");
    expect(options.length).toBeGreaterThan(200);
  });

  it("lists Australia's eight states and territories", () => {
    expect(AUSTRALIAN_STATES.map((s) => s.value)).toEqual([
      "ACT",
      "NSW",
      "NT",
      "QLD",
      "SA",
      "TAS",
      "VIC",
      "WA",
    ]);
  });
});
