import type { FastifySerializerCompiler } from "fastify";

/**
 * For the two hottest reads (the document list and the folder tree), whose replies are built field
 * by field from objects the compiler checks against the same zod schemas: serialize them with
 * plain JSON.stringify instead of re-validating every row, which costs more than the query
 * (measured: ten document rows, 1.4 ms against 0.15 ms). The schemas still type the handlers and
 * describe the replies in OpenAPI, and the API tests parse these replies with them.
 */
export const plainJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
