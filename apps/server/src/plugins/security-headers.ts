import type { Socket } from "node:net";
import type { ErrorEnvelope } from "@precedent/contracts";
import type { FastifyError, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import type { Config } from "../config.ts";

/**
 * Ant Design writes its styles at run time, hence inline styles; scripts only from our origin.
 * Connections go to our origin, and with a model configured also to its realtime WebSocket, which
 * the voice chat opens from the browser with an ephemeral key (issue 32 item 5).
 */
export function webAppCsp(modelBaseUrl: string | undefined): string {
  const realtime = modelBaseUrl ? ` ${new URL(modelBaseUrl).origin.replace(/^http/, "ws")}` : "";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${realtime}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Replies that are not pages (JSON, PDF, Word) may still be framed only by our own pages. */
const FRAMING_CSP = "frame-ancestors 'self'";

/** A year: browsers then reach this site only over HTTPS. */
const HSTS = "max-age=31536000";

const ADDRESS_TOO_LONG = "The address is too long.";
const ADDRESS_NOT_VALID = "The address is not valid.";
const HEADERS_TOO_LARGE = "The request's headers are too large.";
const CLIENT_TIMEOUT = "The request took too long to arrive.";

/**
 * The headers every reply carries, whoever sends it (a route, an error, the reply cache in an
 * onRequest hook, the not-found handler): framing limited to our own pages, no sniffing, HSTS when
 * cookies are secure, and `no-store` on API replies, which carry people's documents and answers.
 * A callback, not async: it runs on every reply, and a promise per reply is measurable.
 */
export function securityHeaders(
  config: Pick<Config, "COOKIE_SECURE"> & Partial<Pick<Config, "ASSISTANT_OPENAI_BASE_URL">>,
): onSendHookHandler {
  const pageCsp = webAppCsp(config.ASSISTANT_OPENAI_BASE_URL);
  return (request, reply, payload, done) => {
    setSecurityHeaders(config, pageCsp, request, reply);
    done(null, payload);
  };
}

function setSecurityHeaders(
  config: Pick<Config, "COOKIE_SECURE">,
  pageCsp: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header("x-request-id", request.id);
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "same-origin");
  reply.header("x-frame-options", "SAMEORIGIN");
  const secure =
    config.COOKIE_SECURE === "true" || (config.COOKIE_SECURE === "auto" && request.protocol === "https");
  if (secure) reply.header("strict-transport-security", HSTS);
  const url = request.url;
  const isDocs = url.startsWith("/api/docs");
  const isPage = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
  // The API documentation page brings its own policy (set by @fastify/swagger-ui after this).
  if (isPage && !isDocs) reply.header("content-security-policy", pageCsp);
  else if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", FRAMING_CSP);
  if ((url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) && !isDocs) {
    // A route that chose its own caching (the public catalogue's previews) keeps it.
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  }
}

/** The documentation page's policy: swagger-ui's own, without forcing HTTPS on plain-HTTP installs. */
export const docsCsp = (policy: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && part !== "upgrade-insecure-requests")
    .join("; ");

/**
 * Fastify's router errors (a malformed or over-long address), in the envelope like every other
 * refusal; the address itself is not repeated back. These replies skip the onSend hooks, so
 * they are given the same headers here.
 */
export const frameworkErrors =
  (config: Pick<Config, "COOKIE_SECURE">) =>
  (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const message =
      error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? ADDRESS_TOO_LONG
        : status < 500
          ? ADDRESS_NOT_VALID
          : "Something went wrong on our side. Please try again.";
    // Never a page: the page policy is not used here.
    setSecurityHeaders(config, FRAMING_CSP, request, reply);
    return reply.status(status).send({ message, data: null } satisfies ErrorEnvelope);
  };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or address past the
 * header size limit, a malformed request, a timeout), answered in the envelope on the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", CLIENT_TIMEOUT]
        : [400, "Bad Request", "The request could not be read."];
  const body = JSON.stringify({ message, data: null } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "X-Content-Type-Options: nosniff\r\nX-Frame-Options: SAMEORIGIN\r\n" +
        `Content-Security-Policy: ${FRAMING_CSP}\r\nCache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
