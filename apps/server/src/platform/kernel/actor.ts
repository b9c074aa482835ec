import type { TeamRole } from "@precedent/contracts";

/** A plan's standing: its status and the last day it runs (ISO date, or none for no end). */
export type PlanStanding = { planStatus: "active" | "expired" | "others"; planEndDate: string | null };

/** What the documents, folders and logs policies need about the actor in a firm. */
export type MemberContext = { role: TeamRole; planSlug: string } & PlanStanding;

/**
 * A firm's data versions (the `firm_versions` row) when the request's session was read: what the
 * kept list and tree replies are keyed by (`platform/freshness/reply-cache.ts`). `version` moves
 * with anything a document list shows; `foldersVersion` with anything a folder tree shows.
 * Freshness reads them; no rule about the actor does, so they are not part of `MemberContext`.
 */
export type FirmVersions = { version: number; foldersVersion: number };

/**
 * Read with the session when the request names a firm (`?id_team=`), in the same query: the
 * actor's role in that firm and its plan (`member`, null when they are not one of its members),
 * and the firm's data versions at that moment (read through the membership: 0 for a non-member,
 * for whom nothing is kept).
 */
export type PrefetchedFirm = {
  teamId: number;
  member: MemberContext | null;
  versions: FirmVersions;
};

/** Who is making a request: the signed-in user and the session they came with. */
export type Actor = { userId: number; sessionId: number; firm?: PrefetchedFirm };
