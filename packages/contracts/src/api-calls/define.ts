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
