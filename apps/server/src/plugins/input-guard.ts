import type { FastifySchemaCompiler } from "fastify";
import type { ZodType } from "zod";

/**
 * PostgreSQL cannot store the NUL character in text or JSON, so a name or an answer carrying one
 * would fail in the database (a 500). Every request's path, query and body is checked once it
 * has validated, and such text is refused as bad input naming its field, whatever the route.
 */
export const nulMessage = (field: string) => `${field} must not contain the NUL character`;

type Issue = { path: (string | number)[]; field: string };

/** Where the value holds text with a NUL (in strings or in object keys), depth first. */
function findNul(value: unknown, path: (string | number)[], found: Issue[]) {
  if (found.length >= 20) return;
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      const field = [...path].reverse().find((p) => typeof p === "string") ?? "value";
      found.push({ path, field: String(field) });
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) findNul(item, [...path, index], found);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes("\u0000"))
        found.push({ path: [...path, key], field: path.length ? String(path.at(-1)) : "body" });
      else findNul(inner, [...path, key], found);
    }
  }
}

type Refinable = ZodType & {
  superRefine?: (
    check: (
      value: unknown,
      ctx: { addIssue: (issue: { code: "custom"; path: (string | number)[]; message: string }) => void },
    ) => void,
  ) => ZodType;
};

/** The zod validator compiler, with text holding NUL refused in every part but the headers. */
export function refusingNul(compile: FastifySchemaCompiler<ZodType>): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const schema = route.schema as Refinable;
    if (route.httpPart === "headers" || typeof schema.superRefine !== "function") return compile(route);
    const guarded = schema.superRefine((value, ctx) => {
      const found: Issue[] = [];
      findNul(value, [], found);
      for (const issue of found)
        ctx.addIssue({ code: "custom", path: issue.path, message: nulMessage(issue.field) });
    });
    return compile({ ...route, schema: guarded });
  };
}
