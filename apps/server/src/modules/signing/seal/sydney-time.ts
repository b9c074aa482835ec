/** Dates and times as the parties read them: in Sydney's time, whatever the server's zone. */
const ZONE = "Australia/Sydney";

const dayFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

const timeFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
  timeZoneName: "short",
});

/** "25 November 2026": the signing date stamped in a date box (D MMMM YYYY). */
export function sydneyDay(at: Date): string {
  return dayFormat.format(at);
}

/** "25 November 2026, 1:42:05 pm AEDT (02:42:05 UTC)": certificate times, with UTC to remove doubt. */
export function sydneyTime(at: Date): string {
  const utc = at.toISOString().slice(11, 19);
  return `${timeFormat.format(at).replace(" at ", ", ")} (${utc} UTC)`;
}
