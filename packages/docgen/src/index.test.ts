import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOCGEN_VERSION } from "./index.ts";

describe("docgen", () => {
  it("reports the package's own version, which generated documents record", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(DOCGEN_VERSION).toBe(pkg.version);
  });
});
