import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { DATE_FORMAT } from "./constants";
import { formatDay, inDisplayZone } from "./dates";

describe("formatDay", () => {
  it("reads an instant as dayjs does in the display time zone, through the year and its clock changes", () => {
    // Every 7 hours and 13 minutes for two years: both sides of midnight in Sydney, and of each
    // daylight-saving change (first Sunday of April and of October).
    const start = Date.UTC(2025, 0, 1);
    for (let t = start; t < start + 2 * 366 * 86_400_000; t += (7 * 60 + 13) * 60_000) {
      const iso = new Date(t).toISOString();
      expect(formatDay(iso), iso).toBe(inDisplayZone(iso).format(DATE_FORMAT));
    }
  });

  it("names the month as DATE_FORMAT does, whatever the locale's own short names", () => {
    expect(formatDay("2026-09-14T02:00:00Z")).toBe("14 Sep 2026");
    expect(formatDay("2026-11-23T14:30:00Z")).toBe("24 Nov 2026");
  });

  it("says a date it cannot read is invalid, as dayjs does", () => {
    expect(formatDay("not a date")).toBe(dayjs("not a date").format(DATE_FORMAT));
  });
});
