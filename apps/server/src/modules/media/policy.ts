import type { TeamRole } from "@precedent/contracts";

/**
 * An uploaded image is seen by whoever uploaded it and by the members of the firm it was
 * uploaded in (a colleague's avatar, the firm's logo); to anyone else it does not exist.
 */
export const canViewMedia = (
  actorUserId: number,
  item: { uploadedBy: number },
  roleInItsFirm: TeamRole | undefined,
) => actorUserId === item.uploadedBy || roleInItsFirm !== undefined;
