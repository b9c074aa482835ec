import { z } from "zod";
import { envelope } from "./envelope.ts";
import { TeamScopeQuery } from "./folders.ts";

/** How many of a firm's latest sandbox text messages the developer page lists. */
export const DEV_SMS_PAGE_SIZE = 50;

export const DevSmsQuery = TeamScopeQuery;
export type DevSmsQuery = z.infer<typeof DevSmsQuery>;

export const DevSms = z.object({
  id: z.number().int(),
  to: z.string().describe("The number as the signing wizard stores it, e.g. +61-412345678"),
  body: z.string(),
  doc_id: z.number().int().nullable().describe("The document whose signing caused it"),
  created_at: z.string().describe("ISO 8601"),
});
export type DevSms = z.infer<typeof DevSms>;

export const DevSmsResponse = envelope(z.object({ provider: z.literal("sandbox"), rows: z.array(DevSms) }));
export type DevSmsResponse = z.infer<typeof DevSmsResponse>;
