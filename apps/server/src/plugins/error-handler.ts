import type { ErrorEnvelope, FieldError } from "@precedent/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";
import { databaseErrorOf, loggable } from "./safe-logging.ts";

const GENERIC_ERROR = "Something went wrong on our side. Please try again.";

/**
 * PostgreSQL's refusals of a value itself (SQLSTATE class 22), for anything the contracts let
 * through: bad input, answered 400, not a fault of ours.
 */
const VALUE_REFUSED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "22001": "A value in the request is too long.",
    "22003": "A number in the request is out of range.",
    "22021": "The request contains a character that is not allowed.",
    "22P02": "A value in the request is not valid.",
    "22P05": "The request contains a character that is not allowed.",
  }),
);

/** `/billing/postcode` → `billing.postcode`; a whole-body error is named after its part. */
const fieldName = (instancePath: string, context: string | undefined) =>
  instancePath.replace(/^\//, "").replaceAll("/", ".") || context || "body";

/** The one place that turns errors into replies: the envelope, an honest status, no internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, error.validationContext),
        message: issue.message ?? "Invalid value",
      }));
      // The messages are the spec's own words ("Folder name is required"), shown as they are;
      // `data.errors` names the field of each, for forms to place them.
      const body: ErrorEnvelope = { message: errors[0]?.message ?? "Invalid request", data: { errors } };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.data?.retry_after_seconds) reply.header("retry-after", error.data.retry_after_seconds);
      return reply
        .status(error.status)
        .send({ message: error.message, data: error.data } satisfies ErrorEnvelope);
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, data: null } satisfies ErrorEnvelope);
    }
    const dbError = databaseErrorOf(error);
    if (dbError) {
      // The statement (and its parameters, which may hold personal data) stay out of the log
      // above debug level; the database's code and message say what went wrong.
      request.log.debug({ query: (error as { query?: string }).query }, "failed query");
      const refused = dbError.code ? VALUE_REFUSED.get(dbError.code) : undefined;
      if (refused) {
        request.log.warn({ code: dbError.code }, "value refused by the database");
        return reply.status(400).send({ message: refused, data: null } satisfies ErrorEnvelope);
      }
      request.log.error({ err: loggable(dbError) }, "request failed");
      return reply.status(500).send({ message: GENERIC_ERROR, data: null } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: GENERIC_ERROR, data: null } satisfies ErrorEnvelope);
  });
}
