import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { planDate, planPrice, planProgress } from "./membership-format";

describe("membership card formats", () => {
  it("shows a missing date as Permanent", () => {
    expect(planDate(null)).toBe("Permanent");
    expect(planDate("2026-12-02")).toBe("02 Dec 2026");
  });

  it("measures the period elapsed, clamped, and none without both dates", () => {
    expect(planProgress("2026-11-01", "2026-11-30", dayjs("2026-11-16T00:00:00"))).toBe(50);
    expect(planProgress("2026-11-01", "2026-11-30", dayjs("2027-01-01"))).toBe(100);
    expect(planProgress("2026-11-01", "2026-11-30", dayjs("2026-10-01"))).toBe(0);
    expect(planProgress(null, "2026-11-30")).toBeNull();
  });

  it("prices a plan in dollars, pay-as-you-go in words", () => {
    expect(planPrice({ price: 79_500, payg: false })).toBe("$795");
    expect(planPrice({ price: 0, payg: true })).toBe("Pay as you go");
  });
});
