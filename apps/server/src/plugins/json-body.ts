import type { FastifyInstance } from "fastify";
import { MAX_JSON_DEPTH } from "../constants.ts";
import { AppError } from "../errors.ts";

export const JSON_TOO_DEEP = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are accepted.`;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read in one pass without
 * recursion (brackets inside strings do not count). Stops at the first level past the limit.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The JSON body parser of every route: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys), after a bound on nesting. Schemas, the NUL check and handlers walk
 * bodies recursively, and a body nested 3,000 levels deep overflowed the stack there (a 500); here
 * it is refused as bad input before anything walks it. A route that needs the raw body (a signed
 * webhook) removes this parser in its own scope and adds its own.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError(400, JSON_TOO_DEEP), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
