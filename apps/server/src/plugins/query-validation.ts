import type { FastifySchemaCompiler } from "fastify";
import { LRUCache } from "lru-cache";
import type { ZodType } from "zod";

type Validate = (data: unknown) => { value?: unknown; error?: Error };

/** Distinct valid query strings remembered per route. */
const REMEMBERED_PER_ROUTE = 256;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The zod validator compiler, with query strings remembered: a list page asked for again (the web
 * app's polling, infinite scroll returning to a page, several people on the same tab) is checked
 * once. Only valid results are kept, frozen, so a handler that tried to change a shared query
 * would fail loudly rather than affect another request. Bodies, params and headers are validated
 * every time.
 */
export function rememberingQueries(compile: FastifySchemaCompiler<ZodType>): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const validate = compile(route) as Validate;
    if (route.httpPart !== "querystring") return validate;
    const valid = new LRUCache<string, { value: unknown }>({ max: REMEMBERED_PER_ROUTE });
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = valid.get(key);
      if (known) return known;
      const result = validate(data);
      if (result.error) return result;
      const kept = { value: deepFreeze(result.value) };
      valid.set(key, kept);
      return kept;
    };
  };
}
