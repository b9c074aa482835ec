import type { ApiCall, ApiCallData, ApiCallInput, ApiLink, FieldError } from "@precedent/contracts";
import { ApiError, apiRequest, type RequestOptions, type ResponseSchema } from "./client";

/**
 * The web's one typed client for the calls defined in `@precedent/contracts` (`API`): the path is
 * made from the definition and its parameters (never written by hand), the body is checked
 * against the server's own schema before it is sent, and the reply is read with the
 * definition's schema. A body the server would refuse is refused here with the same answer the
 * server gives (400, the first message, each field's error), and nothing is sent.
 */
type Data<C extends ApiCall> = ApiCallData<C>;
export type CallInput<C extends ApiCall> = ApiCallInput<C> &
  Pick<RequestOptions, "signal" | "unauthorizedEndsSession">;

/** The path of a call with its `:name` parameters filled in (each encoded). */
export function pathOf(definition: Pick<ApiCall, "path">, params: Record<string, unknown> = {}): string {
  return definition.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${definition.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The address of a link (a download, a form's action) with its parameters and query, for an
 * `href` or an `action`: the browser sends the session cookie itself.
 */
export function hrefOf<L extends ApiLink>(
  definition: L,
  ...[input]: object extends ApiCallInput<L> ? [ApiCallInput<L>?] : [ApiCallInput<L>]
): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, string | number | undefined>;
  };
  const path = pathOf(definition, params);
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `${path}?${search}`;
}

/** As the server's error handler names a field: `billing.postcode`, or `body` for the whole. */
const fieldErrorsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] =>
  issues.map((issue) => ({ field: issue.path.map(String).join(".") || "body", message: issue.message }));

export function call<C extends ApiCall>(
  definition: C,
  ...[input]: object extends ApiCallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<Data<C>> {
  return send(definition, input, definition.reply as unknown as ResponseSchema<Data<C>>);
}

/**
 * As `call`, for the few calls whose success speaks: resolves to the reply's message (what the
 * page shows) rather than its data.
 */
export function callForMessage<C extends ApiCall>(
  definition: C,
  ...[input]: object extends ApiCallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<string> {
  const itsMessage: ResponseSchema<string> = {
    parse(json) {
      const { message } = definition.reply.parse(json);
      return { message, data: message };
    },
  };
  return send(definition, input, itsMessage);
}

/**
 * As `call`, reading the reply with a schema of the caller's instead of the definition's: for a
 * reply the page judges as sent (the ASIC address check's `isValid`).
 */
export function callReadingReplyAs<C extends ApiCall, T>(
  definition: C,
  reply: ResponseSchema<T>,
  ...[input]: object extends ApiCallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<T> {
  return send(definition, input, reply);
}

function send<C extends ApiCall, T>(
  definition: C,
  input: CallInput<C> | undefined,
  reply: ResponseSchema<T>,
): Promise<T> {
  const { params, query, body, signal, unauthorizedEndsSession } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  } & Pick<RequestOptions, "signal" | "unauthorizedEndsSession">;
  if (definition.body) {
    const checked = definition.body.safeParse(body);
    if (!checked.success) {
      const errors = fieldErrorsOf(checked.error.issues);
      return Promise.reject(new ApiError(400, errors[0]?.message ?? "Invalid request", errors));
    }
  }
  return apiRequest(pathOf(definition, params), reply, {
    method: definition.method,
    query,
    // The body as written, not as parsed: the server parses (and trims) it itself.
    body: definition.body
      ? body
      : definition.method === "GET" || definition.method === "DELETE"
        ? undefined
        : {},
    signal,
    unauthorizedEndsSession,
  });
}
