/**
 * The firm's Australian calendar for the server: the one calendar in `@precedent/contracts`
 * (browser-safe, shared with the web so a screen and the server name the same day). Modules
 * import it from the kernel, not from wherever a copy used to live.
 */
export {
  addBusinessDays,
  addDays,
  addMonths,
  CHANGE_LOG_UTC_OFFSET_MINUTES,
  endOfSydneyDay,
  FIRM_TIME_ZONE,
  formatCertificateTime,
  formatFirmTime,
  formatLongDay,
  formatLongTime,
  formatNumericDay,
  formatShortDay,
  formatShortDayTime,
  isBusinessDay,
  isCalendarDay,
  startOfSydneyDay,
  sydneyDay,
  sydneyOffsetMinutes,
  sydneyZoneName,
} from "@precedent/contracts";
