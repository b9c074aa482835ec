import { describe, expect, it } from "vitest";
import { formatDuration } from "../session/format-duration";
import { billingAddressLines } from "./billing-address";
import { websiteHref } from "./website-href";

const empty = {
  unit: "",
  address_1: "",
  address_2: "",
  street_type: "",
  city: "",
  state: "",
  postcode: "",
  country: "AU",
};

describe("billingAddressLines", () => {
  it("writes an Australian address as the post does", () => {
    expect(
      billingAddressLines({
        ...empty,
        unit: "Level 12",
        address_1: "100 Collins",
        street_type: "Street",
        city: "Melbourne",
        state: "VIC",
        postcode: "3000",
      }),
    ).toEqual(["Level 12, 100 Collins Street", "Melbourne VIC 3000", "Australia"]);
  });

  it("treats a country alone as no address", () => {
    expect(billingAddressLines(empty)).toEqual([]);
  });
});

describe("websiteHref", () => {
  it("links http(s) addresses, adding https:// when missing", () => {
    expect(websiteHref("https://demo-advisory.example")).toBe("https://demo-advisory.example/");
    expect(websiteHref("firm.com.au")).toBe("https://firm.com.au/");
  });

  it("does not link other schemes or nothing", () => {
    expect(websiteHref("javascript:alert(1)")).toBeUndefined();
    expect(websiteHref("  ")).toBeUndefined();
  });
});

describe("formatDuration", () => {
  it("says the idle timeout in words", () => {
    expect(formatDuration(1_800_000)).toBe("30 minutes");
    expect(formatDuration(60_000)).toBe("1 minute");
    expect(formatDuration(6000)).toBe("6 seconds");
  });
});
