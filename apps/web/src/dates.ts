import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { CHANGE_LOG_UTC_OFFSET_MINUTES, DATE_FORMAT, DISPLAY_TIME_ZONE } from "./constants";

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant from the server, as it reads in the display time zone. */
export const inDisplayZone = (iso: string) => dayjs(iso).tz(DISPLAY_TIME_ZONE);

/** The day of an instant ('24 Nov 2026'), in the display time zone. */
export const formatDay = (iso: string) => inDisplayZone(iso).format(DATE_FORMAT);

/** An instant in a given format, in the display time zone. */
export const formatInstant = (iso: string, format: string) => inDisplayZone(iso).format(format);

/** A log entry's time at UTC+10, whatever the browser's zone or daylight saving (account-area §2). */
export const formatLogTime = (iso: string, format: string) =>
  dayjs(iso).utcOffset(CHANGE_LOG_UTC_OFFSET_MINUTES).format(format);
