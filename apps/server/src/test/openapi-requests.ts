/**
 * Requests built from the app's own OpenAPI description, for the bad-input table test and the
 * fuzz suite: every documented operation, a plausible valid request for each, and the "slots"
 * (path, query and body fields) where bad values can be put one at a time.
 */

/** The parts of a JSON Schema (as @fastify/swagger writes it from zod) these tests read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  nullable?: boolean;
};

type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: JsonSchema };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export type SlotKind = "integer" | "number" | "string" | "boolean" | "array" | "object" | "unknown";

/** One place a value goes: a path or query parameter, or a field of the JSON body. */
export type Slot = {
  in: "path" | "query" | "body";
  /** Parameter name, or the body field's path (array items as index 0). */
  path: (string | number)[];
  kind: SlotKind;
  schema: JsonSchema;
};

export type Operation = {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** As documented, with `{id}` placeholders. */
  route: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  slots: Slot[];
};

/** The first schema of a union that is not just `null`. */
function mainBranch(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options?.length) return schema;
  const chosen = options.find((o) => o.type !== "null") ?? options[0] ?? {};
  return mainBranch({ ...chosen, ...(schema.default !== undefined ? { default: schema.default } : {}) });
}

export function kindOf(schema: JsonSchema): SlotKind {
  const s = mainBranch(schema);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "integer" || type === "number" || type === "string" || type === "boolean") return type;
  if (type === "array" || s.items) return "array";
  if (type === "object" || s.properties) return "object";
  if (s.enum?.length) return typeof s.enum[0] === "number" ? "number" : "string";
  return "unknown";
}

/** A value the schema accepts, as far as a simple reading of it can tell. */
export function sampleOf(schema: JsonSchema, known: (name: string) => unknown, name = ""): unknown {
  const s = mainBranch(schema);
  const byName = known(name);
  if (byName !== undefined) return byName;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (kindOf(s)) {
    case "integer":
    case "number":
      return Math.max(1, Math.ceil(s.minimum ?? 1));
    case "boolean":
      return false;
    case "string":
      if (s.format === "email") return "someone@firm.test";
      if (s.format === "date-time") return "2026-11-02T09:00:00.000Z";
      if (s.format === "date") return "2026-11-02";
      if (s.format === "uri") return "http://localhost/";
      return "Sample".padEnd(s.minLength ?? 1, "x").slice(0, s.maxLength ?? 1000);
    case "array": {
      const count = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: count }, () => sampleOf(s.items ?? {}, known, name));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || known(key) !== undefined) out[key] = sampleOf(inner, known, key);
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** Every leaf field of a body schema (arrays by their first item), with its kind. */
function bodySlots(schema: JsonSchema, path: (string | number)[] = []): Slot[] {
  const s = mainBranch(schema);
  const kind = kindOf(s);
  if (kind === "object") {
    return Object.entries(s.properties ?? {}).flatMap(([key, inner]) => bodySlots(inner, [...path, key]));
  }
  if (kind === "array") {
    return [{ in: "body", path, kind, schema: s }, ...bodySlots(s.items ?? {}, [...path, 0])];
  }
  return path.length ? [{ in: "body", path, kind, schema: s }] : [];
}

/** Every operation of the OpenAPI description, with its slots. */
export function operationsOf(openapi: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === "path");
      const queryParams = params.filter((p) => p.in === "query");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const slots: Slot[] = [
        ...params
          .filter((p) => p.in === "path" || p.in === "query")
          .map((p) => ({
            in: p.in as "path" | "query",
            path: [p.name],
            kind: kindOf(p.schema),
            schema: p.schema,
          })),
        ...(body ? bodySlots(body) : []),
      ];
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        route,
        pathParams,
        queryParams,
        body,
        slots,
      });
    }
  }
  return operations;
}

/** `value` put at `path` inside a copy of `root`, making objects and arrays on the way. */
export function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === "number") {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = root && typeof root === "object" && !Array.isArray(root) ? { ...root } : {};
  (object as Record<string, unknown>)[head] = withValueAt(
    (object as Record<string, unknown>)[head],
    rest,
    value,
  );
  return object;
}

/** A value that JSON.stringify cannot write (1e309 parses to Infinity): put in as raw text. */
export const RAW_NUMBER = (text: string) => ({ rawNumber: text });
type RawNumber = ReturnType<typeof RAW_NUMBER>;
const isRaw = (v: unknown): v is RawNumber => !!v && typeof v === "object" && "rawNumber" in v;

/** The body as JSON text, with raw numbers written as given. */
export function bodyText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (!isRaw(value)) return value;
    raws.push(value.rawNumber);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)] ?? "null");
}

export type RequestParts = {
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
};

/**
 * Percent-encoding of any text, as a client would send it: UTF-8 bytes, with a lone surrogate
 * (which `encodeURIComponent` refuses) sent as U+FFFD like any UTF-8 encoder does.
 */
export const encodePart = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );

/** The address of a request: path parameters and the query string, each encoded. */
export function urlOf(route: string, parts: RequestParts): string {
  const path = route.replace(/\{(\w+)\}/g, (_m, name: string) => encodePart(parts.path[name] ?? "1"));
  const query = new URLSearchParams(parts.query).toString();
  return query ? `${path}?${query}` : path;
}

/** A value as it goes into an address: lists joined with commas, objects as JSON text. */
const asText = (value: unknown): string => {
  if (isRaw(value)) return value.rawNumber;
  if (Array.isArray(value)) return value.map(asText).join(",");
  if (value && typeof value === "object") return bodyText(value);
  return String(value);
};

/** A plausible valid request for the operation; `known` supplies real ids by field name. */
export function baseRequest(op: Operation, known: (name: string) => unknown): RequestParts {
  const path: Record<string, string> = {};
  for (const p of op.pathParams) path[p.name] = asText(sampleOf(p.schema, known, p.name));
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    if (p.required || known(p.name) !== undefined) query[p.name] = asText(sampleOf(p.schema, known, p.name));
  }
  return { path, query, body: op.body ? sampleOf(op.body, known) : undefined };
}

/** The request without one slot: a path parameter left empty, a query parameter or field left out. */
export function withoutSlot(parts: RequestParts, slot: Slot): RequestParts {
  const name = String(slot.path[0]);
  if (slot.in === "path") return { ...parts, path: { ...parts.path, [name]: "" } };
  if (slot.in === "query") {
    const { [name]: _gone, ...query } = parts.query;
    return { ...parts, query };
  }
  return { ...parts, body: withoutValueAt(parts.body, slot.path) };
}

/** A copy of `root` without the value at `path`. */
function withoutValueAt(root: unknown, path: (string | number)[]): unknown {
  if (!root || typeof root !== "object" || path.length === 0) return root;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string | number, unknown>;
  if (rest.length === 0) delete copy[head];
  else copy[head] = withoutValueAt(copy[head], rest);
  return copy;
}

/** The request with one slot's value replaced. */
export function withSlot(parts: RequestParts, slot: Slot, value: unknown): RequestParts {
  const name = String(slot.path[0]);
  if (slot.in === "path") return { ...parts, path: { ...parts.path, [name]: asText(value) } };
  if (slot.in === "query") return { ...parts, query: { ...parts.query, [name]: asText(value) } };
  return { ...parts, body: withValueAt(parts.body, slot.path, value) };
}
