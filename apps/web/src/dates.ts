import {
  CHANGE_LOG_UTC_OFFSET_MINUTES,
  FIRM_TIME_ZONE,
  formatShortDay,
  sydneyDay,
} from "@precedent/contracts";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

/**
 * The web's dates, all read by the firm's calendar in `@precedent/contracts` (Sydney time with
 * daylight saving), the same calendar the server reads: a screen and the server name the same day
 * for the same instant, whatever the browser's zone.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant from the server, as it reads in the firm's time zone. */
export const inDisplayZone = (iso: string) => dayjs(iso).tz(FIRM_TIME_ZONE);

/** Today in Sydney, as a date picker's day: due dates are Sydney days, as the server checks them. */
export const sydneyToday = () => dayjs(sydneyDay(new Date()));

/**
 * Makes formatDay's formatter now, for a page about to show dates: called in a task of its own
 * while the page waits for its rows, the zone's rules (some 25 ms on a phone) are not read inside
 * the task that renders them.
 */
export function prepareFormatDay() {
  formatShortDay(new Date(0));
}

/** The day of an instant ('24 Nov 2026', DATE_FORMAT), in the firm's time zone. */
export const formatDay = (iso: string): string => formatShortDay(new Date(iso));

/** An instant in a given format, in the firm's time zone. */
export const formatInstant = (iso: string, format: string) => inDisplayZone(iso).format(format);

/** A log entry's time at UTC+10, whatever the browser's zone or daylight saving (account-area §2). */
export const formatLogTime = (iso: string, format: string) =>
  dayjs(iso).utcOffset(CHANGE_LOG_UTC_OFFSET_MINUTES).format(format);

/** An instant as a `datetime-local` field shows it, in the firm's time zone ('2026-11-24T09:30'). */
export const toSydneyInput = (iso: string) => inDisplayZone(iso).format("YYYY-MM-DDTHH:mm");

/** A `datetime-local` field's value, read as the firm's time (whatever the browser's zone), as an instant. */
export const fromSydneyInput = (value: string) => dayjs.tz(value, FIRM_TIME_ZONE).toISOString();
