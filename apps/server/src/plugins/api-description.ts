import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { ErrorEnvelope, FolderNode, MoveTarget } from "@precedent/contracts";
import type { FastifySchema, onRouteHookHandler, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * The OpenAPI description is made here, for every route at once, so a route added later is
 * described completely without repeating anything: an operationId from its method and address,
 * the error envelope on each error status it can answer, who may call it (`security`), and its
 * replies' media types. A route states only what this cannot know: a reply that is a file
 * (`produces`), an error with its own wording (`response: { 409: ErrorEnvelope.describe(…) }`), or
 * a session that is optional (`config.session`).
 */

/** Schemas named once in `components.schemas`: the recursive trees must be, to be described. */
const COMPONENTS = { ErrorEnvelope, FolderNode, MoveTarget } as const;
for (const [id, schema] of Object.entries(COMPONENTS)) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

/** How a route is reached: with a session, without one, or either way (it answers both). */
export type Access = "signed-in" | "public" | "optional";

declare module "fastify" {
  interface FastifyContextConfig {
    /** `optional`: the route answers a visitor with or without a session (see api-description.ts). */
    session?: "optional";
    /** Set by `markSignedIn` on every route behind the sign-in hook. */
    signedIn?: boolean;
  }
}

/** An onRoute hook for the scope whose routes all need a session. */
export const markSignedIn: onRouteHookHandler = (route) => {
  route.config = { ...route.config, signedIn: true };
};

const requiresSignIn = Symbol("requires sign-in");

/** Marks an onRequest hook that answers 401 without a session (e.g. `requireActor`'s). */
export function signInHook<T extends object>(hook: T): T {
  return Object.assign(hook, { [requiresSignIn]: true });
}

function accessOf(route: RouteOptions): Access {
  if (route.config?.signedIn) return "signed-in";
  const hooks = [route.onRequest ?? []].flat() as object[];
  if (hooks.some((hook) => requiresSignIn in hook)) return "signed-in";
  return route.config?.session === "optional" ? "optional" : "public";
}

/** What each error status means for any route; a route may word its own. */
const ERROR_MEANING: Record<number, string> = {
  400: "Bad input: `data.errors` names each field at fault, with its message.",
  401: "Not signed in, or the session has ended.",
  403: "The caller's role in the firm does not allow this.",
  404: "No such thing that the caller may see (another firm's is never found).",
  409: "Not possible in the current state; the message says why.",
  429: "Too many requests: `data.retry_after_seconds` and the Retry-After header say how long to wait.",
  503: "The server is too busy to take this now: `data.retry_after_seconds` and the Retry-After header say when to ask again.",
};

/** The error statuses a route can answer, from what it takes and who may call it. */
function errorStatuses(route: RouteOptions, schema: Record<string, unknown>, access: Access): number[] {
  const statuses = new Set<number>();
  const takesInput = Boolean(schema.params || schema.querystring || schema.body);
  const hasIds = Boolean(schema.params) || firmScoped(schema);
  if (takesInput) statuses.add(400);
  if (access !== "public") statuses.add(401);
  if (access === "signed-in" && firmScoped(schema)) statuses.add(403);
  if (hasIds) statuses.add(404);
  // A change in a firm can meet its current state (a name taken, a folder not empty, paid already).
  const changes = [route.method].flat().some((m) => m !== "GET" && m !== "HEAD");
  if (access === "signed-in" && changes && firmScoped(schema)) statuses.add(409);
  if (route.config && "rateLimit" in route.config && route.config.rateLimit) statuses.add(429);
  return [...statuses];
}

/** A route acting in one firm names it with `id_team` in its query or body. */
function firmScoped(schema: Record<string, unknown>): boolean {
  return [schema.querystring, schema.body].some((part) => {
    const shape = (part as { shape?: Record<string, unknown> } | undefined)?.shape;
    return !!shape && "id_team" in shape;
  });
}

/** `GET /api/doc/{id}/versions` → `getDocByIdVersions`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = segment.match(/^[:{](\w+)}?$/)?.[1];
      return param ? `By${pascal(param)}` : pascal(segment);
    });
  return method.toLowerCase() + words.join("");
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join("");

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A file's bytes, in each of the media types the route says it sends. */
const file = (mediaTypes: string[], description: string) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: z.string().meta({ format: "binary" }) }]),
  ),
});

/** A reply schema that is not the envelope (`{ message, data }`), such as readiness's `{ status, … }`. */
const ownShape = (schema: unknown) =>
  schema instanceof z.ZodObject && !("message" in schema.shape && "data" in schema.shape);

/** The description of a zod schema (`.describe(…)`), if it has one. */
const describedAs = (schema: unknown): string | undefined =>
  schema instanceof z.ZodType ? z.globalRegistry.get(schema)?.description : undefined;

const SUCCESS = "Done: `message` is empty and `data` holds the result.";

/** The swagger transform of one route: fastify-type-provider-zod's, with the above added. */
export const describeRoute: SwaggerTransform<FastifySchema & { hide?: boolean }> = (input) => {
  const { schema, url, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const source = schema as Record<string, unknown>;
  const access = accessOf(route);
  const produces = (source.produces as string[] | undefined)?.filter((t) => t !== "application/json");
  const declared = (source.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {};
  for (const [status, reply] of Object.entries(declared)) {
    const code = Number(status);
    const description = describedAs(reply);
    // A refusal is the error envelope, except a reply of its own shape (readiness's 503 says why).
    if (code >= 400 && !ownShape(reply))
      response[status] = json(ErrorEnvelope, description ?? ERROR_MEANING[code] ?? "Refused.");
    else if (code >= 400) response[status] = json(reply as z.ZodType, description ?? "Refused.");
    else if (produces?.length) response[status] = file(produces, description ?? "The file.");
    else if (reply instanceof z.ZodType) response[status] = json(reply, description ?? SUCCESS);
    else response[status] = reply;
  }
  if (!response[200] && produces?.length) response[200] = file(produces, "The file.");
  for (const code of errorStatuses(route, source, access)) {
    response[code] ??= json(ErrorEnvelope, ERROR_MEANING[code] ?? "Refused.");
  }
  const method = [route.method].flat()[0] ?? "GET";
  const { produces: _files, ...rest } = source;
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...rest,
      operationId: typeof source.operationId === "string" ? source.operationId : operationIdOf(method, url),
      // Outside the firm's signed-in scope: no firm session, unless the route names its own (the
      // operator console's staff session).
      ...(access === "public"
        ? { security: (source.security as { [label: string]: readonly string[] }[] | undefined) ?? [] }
        : {}),
      // Either way: no requirement at all ({}), or a session.
      ...(access === "optional" ? { security: [{}, { bearer: [] }, { cookie: [] }] } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
  });
};

/** The whole document: named schemas, the server, and only the components something uses. */
export const describeApi: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  // Each named schema is written for requests and for replies; keep those referred to.
  const used = new Set<string>();
  const text = () => JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  const visit = (from: string) => {
    for (const match of from.matchAll(/#\/components\/schemas\/(\w+)/g)) {
      const id = match[1] as string;
      if (used.has(id)) continue;
      used.add(id);
      visit(JSON.stringify(schemas[id] ?? {}));
    }
  };
  visit(text());
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id))),
    },
  } as ReturnType<SwaggerTransformObject>;
};
