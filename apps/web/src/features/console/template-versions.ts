import { FIRM_TIME_ZONE, type TemplateVersionSummary } from "@precedent/contracts";
import dayjs from "dayjs";
import { formatInstant } from "../../dates";

export const STATUS_LABELS: Record<TemplateVersionSummary["status"], string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  retired: "Retired",
};

/** The time a version is scheduled for, in Sydney (where the business is run). */
export const sydneyTime = (iso: string) => `${formatInstant(iso, "D MMM YYYY h:mm a")} Sydney time`;
/** A `datetime-local` value read as Sydney time. */
export const fromSydneyInput = (value: string) => dayjs.tz(value, FIRM_TIME_ZONE).toISOString();
