import type { z } from "zod";
import type { ApiCall, ApiLink } from "./api-calls/define.ts";
import * as API from "./api-calls/groups.ts";

/**
 * API calls defined once (issue 36 item 6): method, path, path parameters, query, body, reply and
 * the refusals a caller should expect, for the web's typed client (`apps/web/src/api/call.ts`)
 * and checked against the server's registered routes (`api-calls.test.ts` in the server). The
 * server still registers its routes with the same contract schemas; the path here is the one the
 * browser asks for (`/api` and Fastify's `:name` parameters).
 *
 * Rules:
 * - A call's `path` names each parameter of `params` as `:name`, and nothing else varies.
 * - `body` is the server's own body schema: the client checks a body against it before sending,
 *   so a form is refused in the browser with the server's words.
 * - `errors` lists the statuses the route describes beyond 200 (every signed-in call may also be
 *   answered 401 when the session has ended).
 *
 * Each area's calls are in a module of their own under `api-calls/`, listed in `groups.ts`; add a
 * new area there. Calls not yet defined are written by hand in the files the web's hand-built-path
 * test allows (`apps/web/src/api/hand-built-paths.test.ts`).
 */
export type { ApiCall, ApiLink, HttpMethod } from "./api-calls/define.ts";
export { API };

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller gives a call (or a link): its path parameters, query and body, each as its schema takes them. */
export type ApiCallInput<C extends ApiCall | ApiLink> = (C["params"] extends z.ZodType
  ? { params: Input<C["params"]> }
  : object) &
  (C["query"] extends z.ZodType ? { query: Input<C["query"]> } : object) &
  (C["body"] extends z.ZodType ? { body: Input<C["body"]> } : object);

/** The `data` of a call's 200 reply. */
export type ApiCallData<C extends ApiCall> = z.output<C["reply"]> extends { data: infer D } ? D : never;

const definitionsWhere = <D extends ApiCall | ApiLink>(
  is: (definition: ApiCall | ApiLink) => definition is D,
) =>
  Object.values(API)
    .flatMap((group): (ApiCall | ApiLink)[] => Object.values(group))
    .filter(is);

/**
 * Every defined call, and every link, for checks that walk them all. Marked pure so that a bundle
 * that never reads them (the web's) does not keep every area for their sake.
 */
export const API_CALLS: readonly ApiCall[] = /* @__PURE__ */ definitionsWhere(
  (definition): definition is ApiCall => definition.reply !== undefined,
);
export const API_LINKS: readonly ApiLink[] = /* @__PURE__ */ definitionsWhere(
  (definition): definition is ApiLink => definition.reply === undefined,
);
