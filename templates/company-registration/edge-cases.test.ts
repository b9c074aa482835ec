/**
 * The registration application (Form 201) against the rows of its PRECONDITIONS.md that
 * company-registration.test.ts does not already hold: ASIC's fee as the server passes it in (never a
 * figure written into the template), and the replaceable rules for a sole director-shareholder.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answersFor, documentText, issuesOf } from "../edge-cases.ts";

const SLUG = "company-registration";

describe("ASIC's registration fee", () => {
  it("prints the fee the server passes in from its setting", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.asic_fee = 611;
      }),
    );
    expect(text).toContain("ASIC charges a registration fee of $611.00");
  });

  it("prints no figure of its own when none is passed in", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => delete a.asic_fee),
    );
    expect(text).toContain("ASIC charges a registration fee, paid when the application is lodged");
    expect(text).not.toMatch(/\$5\d\d\.\d\d|\$6\d\d\.\d\d/);
  });

  it("has one source: the catalogue names no figure of its own, the server fills it from the setting", () => {
    const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, "catalogue.json"), "utf8")) as {
      meta_data: { key: string; value: string }[];
    };
    const asicPrice = catalogue.meta_data.find((entry) => entry.key === "asic_price");
    expect(asicPrice, "the product still shows an ASIC fee, filled at start").toBeDefined();
    expect(asicPrice?.value).toBe("");
  });

  it("refuses a negative fee", () => {
    expect(
      issuesOf(
        SLUG,
        answersFor(SLUG, (a) => {
          a.asic_fee = -1;
        }),
      ).map((i) => i.path),
    ).toEqual(["asic_fee"]);
  });
});

describe("governance on registration", () => {
  it("tells a sole director-shareholder relying on the 'replaceable rules' that they do not apply (s135(1))", () => {
    const text = documentText(
      SLUG,
      answersFor(SLUG, (a) => {
        a.rules = "replaceable";
        const officers = a.officers as Record<string, unknown>[];
        a.officers = [{ ...officers[0], office: "both" }];
        a.members = [(a.members as unknown[])[0]];
      }),
    );
    expect(text).toContain("do not apply while the same person is its sole director and sole shareholder");
  });
});
