import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One API call as `API` (`../api-calls.ts`) defines it; the rules are written there. */
export type ApiCall = {
  method: HttpMethod;
  path: `/api/${string}`;
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** The 200 reply's envelope. */
  reply: z.ZodType<{ message: string; data: unknown }>;
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 502 | 503, string>>;
};

/** Keeps a definition's literal types (its path, its schemas) while checking it is a call. */
export const defineCall = <const C extends ApiCall>(definition: C): C => definition;

/**
 * An address the browser opens itself rather than a JSON call: a file download's link, a form's
 * action. Its path and parameters are defined here as a call's are; its reply is a file or a page,
 * so it has none to read.
 */
export type ApiLink = {
  method: "GET" | "POST" | "PUT";
  path: `/api/${string}`;
  params?: z.ZodType<Record<string, unknown>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: never;
  reply?: never;
};

export const defineLink = <const L extends ApiLink>(definition: L): L => definition;
