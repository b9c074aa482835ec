/**
 * What the log may say about an error. A failed query's error carries its whole statement and
 * parameters (Drizzle writes both into its message; the drivers attach them as properties), and
 * parameters hold people's names, emails and answers: the log keeps the database's own code and
 * message instead, at every level but debug.
 */

type DatabaseError = { code?: string; message?: string; severity?: string; routine?: string; stack?: string };

/**
 * The database's own error behind a failed query: Drizzle wraps it with the statement and its
 * parameters, and the drivers attach both to it too.
 */
export const databaseErrorOf = (error: unknown): DatabaseError | undefined => {
  const failed = error as { query?: unknown; cause?: unknown } | null;
  if (!failed || typeof failed !== "object" || typeof failed.query !== "string") return undefined;
  return (failed.cause && typeof failed.cause === "object" ? failed.cause : failed) as DatabaseError;
};

/** Drizzle's own wording, which quotes the statement: "Failed query: select …\nparams: …". */
const QUOTES_STATEMENT = /^Failed query:/;

/** What the log keeps of a database error: never the statement, never its parameters. */
export const loggable = ({ code, message, severity, routine, stack }: DatabaseError) => {
  const quoted = QUOTES_STATEMENT.test(message ?? "");
  return {
    type: "DatabaseError",
    code,
    message: quoted ? "A database query failed." : message,
    severity,
    routine,
    stack: quoted ? undefined : stack,
  };
};

const MAX_CAUSES = 5;

/**
 * The logger's `err` serializer: an error as pino writes it (type, message, stack, its own
 * fields, its causes), with any database error in the chain reduced to `loggable`.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  const database = databaseErrorOf(error);
  if (database) return loggable(database);
  if (!(error instanceof Error)) return error;
  const out: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (key !== "cause" && !(key in out)) out[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** An error as the log writes it. */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** `serializeError` as pino's `err` serializer, which is always given an error. */
export const errorSerializer = (error: Error): LoggedError => serializeError(error) as LoggedError;

/**
 * Private links carry their credential in the path: signing pages and their API (`/sign/{token}`,
 * `/api/sign/{token}/…`, whose signed-PDF links are `{id}.{mac}`), invitations
 * (`/invitation/{token}`, `/api/invitations/{token}`), password reset links (`/reset-password/{token}`,
 * `/api/auth/password-reset/{token}`) and the sandbox's hosted payment pages
 * (`/checkout/{id}`, `/billing/{id}`, where the id lets its holder pay). The segment after the
 * prefix is replaced.
 */
const SECRET_PATH_SEGMENT =
  /^((?:\/api)?\/(?:sign|invitations?|checkout|billing|reset-password|auth\/password-reset)\/)[^/?#]+/;
/**
 * Query parameters that carry a credential wherever they appear: OAuth's `code` and `state` on
 * the return to the integrations page, and any token or key a client puts in an address.
 */
const SECRET_QUERY_NAMES = new Set([
  "code",
  "state",
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "key",
  "secret",
  "signature",
  "password",
]);
export const REDACTED = "[redacted]";

/** An address as the log may show it: private-link segments and credential parameters replaced. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        // A malformed name is kept as sent; it is not one of ours.
      }
      return equals >= 0 && SECRET_QUERY_NAMES.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** The logger's `req` serializer: Fastify's fields, with the address made safe (`loggableUrl`). */
export const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: loggableUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
