/**
 * The firm's Australian calendar, the one place the product reads days and times: firms keep no
 * time zone of their own, so every date is a day in Sydney (Australian Eastern time, AEST at
 * UTC+10 or AEDT at UTC+11 from the first Sunday of October to the first Sunday of April).
 *
 * Browser-safe on purpose (only `Intl.DateTimeFormat`, which carries the zone's rules in Node and
 * in every browser): the server reaches it through `platform/kernel/calendar.ts` and the web
 * imports it directly, so a screen and the server name the same day for the same instant.
 *
 * Rules kept here:
 * - A day is `YYYY-MM-DD`; it starts and ends at midnight in Sydney, found from the zone's offset
 *   at that midnight, never from a fixed ten hours (a Saturday before daylight saving starts or
 *   ends would otherwise end an hour early or late).
 * - Business days are Monday to Friday in Sydney; public holidays are not counted out.
 * - The data change log is the one exception, read at a fixed UTC+10 whatever the season
 *   (account-area spec §2): `CHANGE_LOG_UTC_OFFSET_MINUTES`.
 */

export const FIRM_TIME_ZONE = "Australia/Sydney";
/** The change log's fixed offset (account-area §2: "Times are shown at a UTC+10 offset"). */
export const CHANGE_LOG_UTC_OFFSET_MINUTES = 600;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// Formatters read the zone's rules when made (tens of milliseconds on a phone): made on first use,
// once each, not when the module loads.
const lazy = (options: Intl.DateTimeFormatOptions, locale = "en-AU") => {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { timeZone: FIRM_TIME_ZONE, ...options });
    return made;
  };
};

const isoDayFormat = lazy({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");
const wallClockFormat = lazy(
  {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  },
  "en-US",
);
const zoneNameFormat = lazy({ timeZoneName: "short" }, "en-AU");

/** The Sydney day of an instant, `YYYY-MM-DD`. */
export const sydneyDay = (at: Date): string => isoDayFormat().format(at);

/** Whether a string is a real calendar day written `YYYY-MM-DD` (no 31 April). */
export function isCalendarDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dayParts = (day: string) => day.split("-").map(Number) as [number, number, number];

/** Sydney's offset from UTC at an instant, in minutes (600 for AEST, 660 for AEDT). */
export function sydneyOffsetMinutes(at: Date): number {
  const parts = wallClockFormat().formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((wallClock - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a Sydney day starts (its midnight). Midnight is never inside a daylight-saving
 * change in Sydney (the clocks move at 2 or 3 am), so the offset a few hours either side of the
 * guess settles it: guess with UTC+10, then correct by the offset at the guessed instant.
 */
export function startOfSydneyDay(day: string): Date {
  const [y, m, d] = dayParts(day);
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  const guess = midnightAsUtc - 600 * 60_000;
  return new Date(midnightAsUtc - sydneyOffsetMinutes(new Date(guess)) * 60_000);
}

/** The instant a Sydney day ends: the midnight that starts the next day, whatever daylight saving does. */
export const endOfSydneyDay = (day: string): Date => startOfSydneyDay(addDays(day, 1));

/** A day plus whole days (negative goes back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A day plus whole months, clamped to the last day of a shorter month (31 Jan + 1 = 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = dayParts(day);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Monday to Friday (public holidays are not counted out). */
export function isBusinessDay(day: string): boolean {
  const [y, m, d] = dayParts(day);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The business day `count` business days after `day` (0: `day` itself if a business day, else the next). */
export function addBusinessDays(day: string, count: number): string {
  let at = day;
  while (!isBusinessDay(at)) at = addDays(at, 1);
  for (let left = count; left > 0; ) {
    at = addDays(at, 1);
    if (isBusinessDay(at)) left -= 1;
  }
  return at;
}

/** 'AEST' or 'AEDT': the zone's name at an instant. */
export function sydneyZoneName(at: Date): "AEST" | "AEDT" {
  const name = zoneNameFormat()
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  if (name === "AEST" || name === "AEDT") return name;
  return sydneyOffsetMinutes(at) === 660 ? "AEDT" : "AEST";
}

const longDayFormat = lazy({ day: "numeric", month: "long", year: "numeric" });
const numericDayFormat = lazy({ day: "2-digit", month: "2-digit", year: "numeric" });
const firmTimeFormat = lazy({
  hour: "numeric",
  minute: "2-digit",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZoneName: "short",
});
const longTimeFormat = lazy({
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const secondsTimeFormat = lazy({
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
  timeZoneName: "short",
});
const shortPartsFormat = lazy({
  day: "2-digit",
  month: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** '25 November 2026' (D MMMM YYYY): the signing date stamped in a date box. */
export const formatLongDay = (at: Date): string => longDayFormat().format(at);

/** '25/11/2026' (DD/MM/YYYY): as the interviews take dates and invoices print them. */
export const formatNumericDay = (at: Date): string => numericDayFormat().format(at);

/** '25 Nov 2026, 1:42 pm AEDT': a time as a firm reads it, with its zone. */
export const formatFirmTime = (at: Date): string => firmTimeFormat().format(at);

/** '25 November 2026 at 1:42 pm AEDT': a deadline in a mail. */
export const formatLongTime = (at: Date): string => longTimeFormat().format(at);

/** '25 November 2026, 1:42:05 pm AEDT (02:42:05 UTC)': certificate times, with UTC to remove doubt. */
export function formatCertificateTime(at: Date): string {
  const utc = at.toISOString().slice(11, 19);
  return `${secondsTimeFormat().format(at).replace(" at ", ", ")} (${utc} UTC)`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * '24 Nov 2026' (DD MMM YYYY) and '24 Nov 2026, 4:05 pm': numbers from the formatter, months
 * named here, since the locales' own short months differ ('Sept').
 */
function shortParts(at: Date) {
  const parts = shortPartsFormat().formatToParts(at);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: `${value("day")} ${SHORT_MONTHS[Number(value("month")) - 1]} ${value("year")}`,
    time: `${value("hour")}:${value("minute")} ${value("dayPeriod").toLowerCase()}`,
  };
}

/** '24 Nov 2026' in Sydney; 'Invalid Date' for an instant that cannot be read. */
export function formatShortDay(at: Date): string {
  if (Number.isNaN(at.getTime())) return "Invalid Date";
  return shortParts(at).day;
}

/** '24 Nov 2026, 4:05 pm' in Sydney. */
export function formatShortDayTime(at: Date): string {
  if (Number.isNaN(at.getTime())) return "Invalid Date";
  const { day, time } = shortParts(at);
  return `${day}, ${time}`;
}
