/**
 * Freshness: what the server answers from memory, and when it reads the database instead. The
 * rest of the server imports only this file (docs/decisions.md: "Lists are served from memory
 * between the changes PostgreSQL notifies", "Freshness in one folder").
 *
 * - registry.ts says what each table's changes move. Deferred triggers, at commit and whoever
 *   writes (this server, another, a script), move the firm's `version` (document lists) or
 *   `folders_version` (folder trees) in `firm_versions`, and notify `precedent_changes`; so does
 *   the end of a session, or any change to one but its touch. A `team_id` table is in `FIRM_ROWS`
 *   or `NOT_KEPT`, or registry.test.ts fails; trigger-sql.ts prints a new table's trigger.
 * - change-feed.ts listens on `precedent_changes`. Take `mark()` before reading; reuse what was
 *   read only while `firmUnchangedSince(mark, firm)` / `sessionsUnchangedSince(mark)` say so.
 *   Both say no while the feed is not listening (not started, connection lost, reconnecting) or
 *   its latest heartbeat heard was sent over 1 s ago (a stalled connection), and what was kept
 *   before a reconnection or a stall is dropped. This server's own writes count at once
 *   (`firmChanged`, `sessionsEnded`), before the database's notification arrives.
 * - reply-cache.ts keeps the serialized document lists, status counts and folder trees per firm,
 *   person, role, plan and address, stamped with the firm's version (trees: its folders version).
 *   A kept reply is sent only while that version, which comes with the request's session and
 *   membership, is unchanged, and only once authentication and every route hook have run (from
 *   the route's own last preHandler hook, or its handler).
 * - kept-replies.ts keeps GET /users/me per person and the catalogue's reads for everyone, for as
 *   long as the feed hears no change to what each was read from ('person:{id}' for a person's row
 *   and memberships, 'firm:{id}' for their firms, 'catalogue'); nothing is kept without the feed.
 *   Catalogue replies carry an ETag and answer 304 to a browser that has them.
 * - The session memory stays in the auth service (modules/auth/service.ts), built on the feed: a
 *   session is trusted from memory while no session change has been heard since it was read, it is
 *   within its maximum age and not yet due to be touched; a membership, while its firm has not
 *   changed either. A request that may have written marks its firm, and every firm its person was
 *   seen in, changed; a sign-out marks sessions ended. Without a feed every request reads its
 *   session from the database.
 */
export {
  type ChangeFeed,
  createChangeFeed,
  HEARTBEAT_MS,
  type NotificationSource,
  STALE_AFTER_MS,
} from "./change-feed.ts";
export { createKeptReplies, type KeptReplies } from "./kept-replies.ts";
export { FIRM_ROWS } from "./registry.ts";
export { createFirmReplyCache, type FirmReplyCache } from "./reply-cache.ts";
