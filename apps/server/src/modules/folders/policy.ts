import {
  FOLDER_DEPTH,
  type FolderAbilities,
  type FolderType,
  type ListSection,
  MY_DOCUMENTS,
  ORGANISATION_DOCUMENTS,
  PERSONAL_FOLDER,
  SHARED_FOLDER,
  SHARED_FOLDER_DEPTH,
  SHARED_FOLDERS,
} from "@precedent/contracts";
import { LITE_PLAN_SLUG } from "../../constants.ts";
import { type FirmContext, isOwnerOrManager } from "../../platform/kernel/index.ts";

/**
 * Who may do what to a folder (documents spec §4 and §6, account-area §6). One pure function per
 * rule; each takes the tab (section) the folder is acted on from, because the spec's rules differ
 * by tab. Services enforce them and send them to the web app as `abilities`.
 */

export type Viewer = Pick<FirmContext, "userId" | "role" | "planSlug">;

/** What the rules need to know about a folder. */
export type FolderFacts = {
  type: FolderType;
  createdBy: number;
  /** The spec's "ancestor count": 0 for a top-level folder. */
  ancestorCount: number;
  /** The folder itself was added to Shared Folders (it has a share-removal link). */
  share: { createdBy: number } | null;
  /** Type 1: the folder or one of its ancestors is shared. */
  inSharedTree: boolean;
  /** Type 1 in a shared tree: who shared the nearest shared folder at or above it. */
  shareCreatedBy: number | null;
};

/** Deepest ancestor count a folder of this type may have. */
export const maxAncestorsFor = (type: FolderType) =>
  type === SHARED_FOLDER ? SHARED_FOLDER_DEPTH : FOLDER_DEPTH;

/** Whether the folder is listed in this tab for this viewer. */
export function folderAppearsIn(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  if (section === MY_DOCUMENTS) return folder.type === PERSONAL_FOLDER && folder.createdBy === viewer.userId;
  if (section === SHARED_FOLDERS) return folder.type === SHARED_FOLDER || folder.inSharedTree;
  return folder.type === PERSONAL_FOLDER && isOwnerOrManager(viewer);
}

/** "owner, manager or the creator of the share" (§6 Shared Folders). */
export function isShareManager(viewer: Viewer, folder: FolderFacts): boolean {
  if (isOwnerOrManager(viewer)) return true;
  if (folder.type === SHARED_FOLDER) return folder.createdBy === viewer.userId;
  return folder.shareCreatedBy === viewer.userId;
}

/**
 * Folder menu visibility. In My Documents the menu is always there. Elsewhere: root non-shared
 * nodes and type-2 nodes get it for owner and manager, and for a member only above 2 ancestors;
 * shared nodes with a share-removal link get it for owner, manager or the member who shared them.
 */
export function canShowFolderMenu(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  if (!folderAppearsIn(viewer, folder, section)) return false;
  if (section === MY_DOCUMENTS) return true;
  const rootNonShared = folder.type === PERSONAL_FOLDER && folder.ancestorCount === 0 && !folder.inSharedTree;
  if (folder.type === SHARED_FOLDER || rootNonShared) {
    return isOwnerOrManager(viewer) || folder.ancestorCount < FOLDER_DEPTH;
  }
  if (folder.share) return isOwnerOrManager(viewer) || folder.share.createdBy === viewer.userId;
  return false;
}

/**
 * New subfolder: only while the folder's ancestor count is below the depth limit (2, or 3 in
 * Shared Folders), never in Organisation Documents, and not in a folder shared from someone's
 * My Documents unless acting from My Documents.
 */
export function canCreateSubfolder(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  if (!canShowFolderMenu(viewer, folder, section)) return false;
  if (section === ORGANISATION_DOCUMENTS) return false;
  if (section === SHARED_FOLDERS && folder.type !== SHARED_FOLDER) return false;
  return folder.ancestorCount < maxAncestorsFor(folder.type);
}

/** Move, rename and delete share one rule: any user in My Documents; in Shared Folders the share
 * managers; in Organisation Documents the owner and manager (who alone see that tab). */
function canChangeFolder(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  if (!canShowFolderMenu(viewer, folder, section)) return false;
  if (section === SHARED_FOLDERS) return isShareManager(viewer, folder);
  return true;
}
export const canRenameFolder = canChangeFolder;
export const canMoveFolder = canChangeFolder;
export const canDeleteFolder = canChangeFolder;

/** Add to Shared Folders: from My Documents, not on the Lite plan, not for folders already shared. */
export function canShareFolder(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  return (
    section === MY_DOCUMENTS &&
    canShowFolderMenu(viewer, folder, section) &&
    viewer.planSlug !== LITE_PLAN_SLUG &&
    folder.type === PERSONAL_FOLDER &&
    !folder.inSharedTree
  );
}

/** Remove from Shared Folders: a shared folder, by its owner in My Documents or a share manager. */
export function canUnshareFolder(viewer: Viewer, folder: FolderFacts, section: ListSection): boolean {
  if (!folder.share || !canShowFolderMenu(viewer, folder, section)) return false;
  return section === MY_DOCUMENTS || isShareManager(viewer, folder);
}

/** Create a top-level folder: in My Documents or Shared Folders; Create New is hidden in Organisation. */
export const canCreateTopLevelFolder = (type: FolderType) =>
  type === PERSONAL_FOLDER || type === SHARED_FOLDER;

export function folderAbilities(viewer: Viewer, folder: FolderFacts, section: ListSection): FolderAbilities {
  return {
    menu: canShowFolderMenu(viewer, folder, section),
    create_subfolder: canCreateSubfolder(viewer, folder, section),
    share: canShareFolder(viewer, folder, section),
    unshare: canUnshareFolder(viewer, folder, section),
    move: canMoveFolder(viewer, folder, section),
    rename: canRenameFolder(viewer, folder, section),
    delete: canDeleteFolder(viewer, folder, section),
  };
}

const SECTIONS: ListSection[] = [MY_DOCUMENTS, SHARED_FOLDERS, ORGANISATION_DOCUMENTS];

/**
 * Calls on a folder id carry no tab, so the server allows an action when it is allowed in some
 * tab where the viewer sees the folder: exactly what the web app could offer from one of them.
 */
export function allowedInSomeTab(
  rule: (viewer: Viewer, folder: FolderFacts, section: ListSection) => boolean,
  viewer: Viewer,
  folder: FolderFacts,
): boolean {
  return SECTIONS.some((section) => rule(viewer, folder, section));
}

/** Refusal messages: the spec gives none for these, so they say which rule applied. */
export const FOLDER_REFUSALS = {
  createSubfolder: "You cannot create a sub folder here.",
  rename: "Only the company owner, a manager or the person who shared this folder can rename it.",
  move: "Only the company owner, a manager or the person who shared this folder can move it.",
  delete: "Only the company owner, a manager or the person who shared this folder can delete it.",
  share: "This folder cannot be added to Shared Folders.",
  shareLite: "This feature is not available for Lite Plan. Please upgrade your membership to share folders.",
  shareAlreadyShared: "This folder is already in Shared Folders.",
  unshare:
    "Only the company owner, a manager or the person who shared this folder can remove it from Shared Folders.",
} as const;

export const depthLimitMessage = (type: FolderType) =>
  type === SHARED_FOLDER
    ? `Folders in Shared Folders can be nested only ${SHARED_FOLDER_DEPTH} levels deep.`
    : `Folders in My Documents can be nested only ${FOLDER_DEPTH} levels deep.`;
