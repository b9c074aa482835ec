import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  addMonths,
  endOfSydneyDay,
  formatCertificateTime,
  formatShortDay,
  formatShortDayTime,
  isBusinessDay,
  isCalendarDay,
  startOfSydneyDay,
  sydneyDay,
  sydneyOffsetMinutes,
  sydneyZoneName,
} from "./calendar.ts";

describe("the firm's calendar", () => {
  it("ends the Saturdays before daylight saving starts and ends at Sydney's midnight", () => {
    // 4 Oct 2026 02:00 AEST becomes 03:00 AEDT: the midnight that ends 3 Oct is still AEST (+10).
    expect(endOfSydneyDay("2026-10-03").toISOString()).toBe("2026-10-03T14:00:00.000Z");
    // 5 Apr 2026 03:00 AEDT becomes 02:00 AEST: the midnight that ends 4 Apr is still AEDT (+11).
    expect(endOfSydneyDay("2026-04-04").toISOString()).toBe("2026-04-04T13:00:00.000Z");
    // The change days themselves start in the old offset and end in the new one.
    expect(startOfSydneyDay("2026-04-05").toISOString()).toBe("2026-04-04T13:00:00.000Z");
    expect(endOfSydneyDay("2026-04-05").toISOString()).toBe("2026-04-05T14:00:00.000Z");
    expect(endOfSydneyDay("2026-10-04").toISOString()).toBe("2026-10-04T13:00:00.000Z");
    // Ordinary days in each season.
    expect(endOfSydneyDay("2026-07-15").toISOString()).toBe("2026-07-15T14:00:00.000Z");
    expect(endOfSydneyDay("2026-12-31").toISOString()).toBe("2026-12-31T13:00:00.000Z");
  });

  it("names the Sydney day and zone of an instant", () => {
    expect(sydneyDay(new Date("2026-10-03T13:59:59Z"))).toBe("2026-10-03");
    expect(sydneyDay(new Date("2026-10-03T14:00:00Z"))).toBe("2026-10-04");
    expect(sydneyOffsetMinutes(new Date("2026-07-01T00:00:00Z"))).toBe(600);
    expect(sydneyOffsetMinutes(new Date("2026-12-01T00:00:00Z"))).toBe(660);
    expect(sydneyZoneName(new Date("2026-07-01T00:00:00Z"))).toBe("AEST");
    expect(sydneyZoneName(new Date("2026-12-01T00:00:00Z"))).toBe("AEDT");
  });

  it("counts business days Monday to Friday", () => {
    expect(isBusinessDay("2026-10-03")).toBe(false); // Saturday
    expect(isBusinessDay("2026-10-05")).toBe(true); // Monday
    expect(addBusinessDays("2026-10-02", 1)).toBe("2026-10-05"); // Friday + 1
    expect(addBusinessDays("2026-10-03", 0)).toBe("2026-10-05");
    expect(addBusinessDays("2026-10-05", 5)).toBe("2026-10-12");
  });

  it("reads and moves days", () => {
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
  });

  it("formats as the screens and certificates show times", () => {
    expect(formatShortDay(new Date("2026-09-04T15:00:00Z"))).toBe("05 Sep 2026");
    expect(formatShortDayTime(new Date("2026-11-23T05:05:00Z"))).toBe("23 Nov 2026, 4:05 pm");
    expect(formatShortDay(new Date("not a date"))).toBe("Invalid Date");
    expect(formatCertificateTime(new Date("2026-11-25T02:42:05Z"))).toBe(
      "25 November 2026, 1:42:05 pm AEDT (02:42:05 UTC)",
    );
  });
});
