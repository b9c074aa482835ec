import type { TeamRole } from "@precedent/contracts";

/** A plan's standing: its status and the last day it runs (ISO date, or none for no end). */
export type PlanStanding = { planStatus: "active" | "expired" | "others"; planEndDate: string | null };

/**
 * What the documents, folders and logs policies need about the actor in a firm, and the firm's
 * data versions when it was read (see `firmVersions`: the keys of cached list and tree replies).
 */
export type MemberContext = {
  role: TeamRole;
  planSlug: string;
  version: number;
  foldersVersion: number;
} & PlanStanding;

/**
 * The actor's role in one firm, that firm's plan and its data versions (see `firmVersions`), read
 * with the session when the request names a firm (`?id_team=`): null when they are not one of its
 * members.
 */
export type PrefetchedFirm = {
  teamId: number;
  member: MemberContext | null;
};

/** Who is making a request: the signed-in user and the session they came with. */
export type Actor = { userId: number; sessionId: number; firm?: PrefetchedFirm };
