import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { CHANGE_LOG_UTC_OFFSET_MINUTES, DISPLAY_TIME_ZONE } from "./constants";

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant from the server, as it reads in the display time zone. */
export const inDisplayZone = (iso: string) => dayjs(iso).tz(DISPLAY_TIME_ZONE);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// One formatter for every call: dayjs's time zones build a date for each, the longest part of
// rendering a page of the document list on a phone. Numbers only, named here, as DATE_FORMAT
// names them: the locales' own short months differ ('Sept'). Made on first use, not at load: a
// formatter for a time zone reads the zone's rules, some 25 ms on a phone.
let displayZoneDay: Intl.DateTimeFormat | undefined;

const makeDisplayZoneDay = () =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: DISPLAY_TIME_ZONE,
    day: "2-digit",
    month: "numeric",
    year: "numeric",
  });

/**
 * Makes formatDay's formatter now, for a page about to show dates: called in a task of its own
 * while the page waits for its rows, the zone's rules are not read inside the task that renders
 * them.
 */
export function prepareFormatDay() {
  displayZoneDay ??= makeDisplayZoneDay();
}

/** The day of an instant ('24 Nov 2026', DATE_FORMAT), in the display time zone. */
export function formatDay(iso: string): string {
  const instant = new Date(iso);
  // As dayjs formats a date it cannot read.
  if (Number.isNaN(instant.getTime())) return "Invalid Date";
  displayZoneDay ??= makeDisplayZoneDay();
  const parts = displayZoneDay.formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${value("day")} ${MONTHS[Number(value("month")) - 1]} ${value("year")}`;
}

/** An instant in a given format, in the display time zone. */
export const formatInstant = (iso: string, format: string) => inDisplayZone(iso).format(format);

/** A log entry's time at UTC+10, whatever the browser's zone or daylight saving (account-area §2). */
export const formatLogTime = (iso: string, format: string) =>
  dayjs(iso).utcOffset(CHANGE_LOG_UTC_OFFSET_MINUTES).format(format);
