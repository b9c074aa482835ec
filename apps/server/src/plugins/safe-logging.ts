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
