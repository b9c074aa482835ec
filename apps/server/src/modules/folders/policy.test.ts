import type { ListSection, TeamRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  allowedInSomeTab,
  canCreateSubfolder,
  canDeleteFolder,
  canMoveFolder,
  canRenameFolder,
  canShareFolder,
  canShowFolderMenu,
  canUnshareFolder,
  type FolderFacts,
  folderAppearsIn,
  type Viewer,
} from "./policy.ts";

// User 1 owns the personal folders below and created the type-2 ones; user 2 is someone else.
const MINE = 1;
const viewer = (role: TeamRole, userId = 2, planSlug = "best-practice"): Viewer => ({
  role,
  userId,
  planSlug,
});
const me = (role: TeamRole = "member", planSlug = "best-practice") => viewer(role, MINE, planSlug);
const personal = (over: Partial<FolderFacts> = {}): FolderFacts => ({
  type: 1,
  createdBy: MINE,
  ancestorCount: 0,
  share: null,
  inSharedTree: false,
  shareCreatedBy: null,
  ...over,
});
const sharedRoot = (over: Partial<FolderFacts> = {}) =>
  personal({ share: { createdBy: MINE }, inSharedTree: true, shareCreatedBy: MINE, ...over });
const sharedChild = (ancestorCount = 1) =>
  personal({ ancestorCount, inSharedTree: true, shareCreatedBy: MINE });
const firmFolder = (ancestorCount = 0) => personal({ type: 2, ancestorCount });
const MY = 1 as const;
const SHARED = 2 as const;
const ORG = 3 as const;
type Row = [string, Viewer, FolderFacts, ListSection, boolean];

describe("where a folder appears", () => {
  it.each<Row>([
    ["My Documents: my own folder", me(), personal(), MY, true],
    ["My Documents: not someone else's, even for the owner", viewer("owner"), personal(), MY, false],
    ["Shared Folders: a folder created there", viewer("member"), firmFolder(), SHARED, true],
    [
      "Shared Folders: a shared My Documents folder and its sub folders",
      viewer("member"),
      sharedChild(),
      SHARED,
      true,
    ],
    ["Shared Folders: not a private folder", viewer("owner"), personal(), SHARED, false],
    ["Organisation: members' My Documents folders for the manager", viewer("manager"), personal(), ORG, true],
    ["Organisation: never for a member", me(), personal(), ORG, false],
  ])("%s", (_name, v, f, section, expected) => {
    expect(folderAppearsIn(v, f, section)).toBe(expected);
  });
});

describe("Folder menu visibility", () => {
  it.each<Row>([
    ["My Documents: always", me(), personal({ ancestorCount: 2 }), MY, true],
    ["type 2 node, member, top level", viewer("member"), firmFolder(0), SHARED, true],
    ["type 2 node, member, 1 ancestor", viewer("member"), firmFolder(1), SHARED, true],
    ["type 2 node, member, 2 ancestors", viewer("member"), firmFolder(2), SHARED, false],
    ["type 2 node, manager, 2 ancestors", viewer("manager"), firmFolder(2), SHARED, true],
    ["type 2 node, owner, 3 ancestors", viewer("owner"), firmFolder(3), SHARED, true],
    ["root non-shared node, owner (Organisation)", viewer("owner"), personal(), ORG, true],
    [
      "non-root non-shared node, owner (Organisation)",
      viewer("owner"),
      personal({ ancestorCount: 1 }),
      ORG,
      false,
    ],
    ["shared node with removal link, the member who shared it", me(), sharedRoot(), SHARED, true],
    ["shared node with removal link, another member", viewer("member"), sharedRoot(), SHARED, false],
    ["shared node with removal link, manager", viewer("manager"), sharedRoot(), SHARED, true],
    ["sub folder of a shared node (no removal link), owner", viewer("owner"), sharedChild(), SHARED, false],
  ])("%s", (_name, v, f, section, expected) => {
    expect(canShowFolderMenu(v, f, section)).toBe(expected);
  });
});

describe("Create subfolder: below 2 ancestors (3 in Shared Folders); not in a shared node unless in My Documents", () => {
  it.each<Row>([
    ["My Documents, top level", me(), personal({ ancestorCount: 0 }), MY, true],
    ["My Documents, 1 ancestor", me(), personal({ ancestorCount: 1 }), MY, true],
    ["My Documents, 2 ancestors", me(), personal({ ancestorCount: 2 }), MY, false],
    ["Shared Folders type 2, 2 ancestors, owner", viewer("owner"), firmFolder(2), SHARED, true],
    ["Shared Folders type 2, 3 ancestors, owner", viewer("owner"), firmFolder(3), SHARED, false],
    ["Shared Folders type 2, top level, member", viewer("member"), firmFolder(0), SHARED, true],
    ["shared My Documents folder, from Shared Folders", me(), sharedRoot(), SHARED, false],
    ["shared My Documents folder, from My Documents", me(), sharedRoot(), MY, true],
    ["Organisation Documents (Create New hidden)", viewer("owner"), personal(), ORG, false],
  ])("%s", (_name, v, f, section, expected) => {
    expect(canCreateSubfolder(v, f, section)).toBe(expected);
  });
});

describe("Move, rename, delete: any user in My Documents; in Shared Folders owner, manager or creator of the share", () => {
  const rules = [canMoveFolder, canRenameFolder, canDeleteFolder];
  it.each<Row>([
    ["My Documents, own folder", me(), personal({ ancestorCount: 2 }), MY, true],
    ["type 2, its creator (member)", me(), firmFolder(0), SHARED, true],
    ["type 2, another member", viewer("member"), firmFolder(0), SHARED, false],
    ["type 2, manager", viewer("manager"), firmFolder(1), SHARED, true],
    ["type 2, owner", viewer("owner"), firmFolder(3), SHARED, true],
    ["shared node, the member who shared it", me(), sharedRoot(), SHARED, true],
    ["shared node, another member", viewer("member"), sharedRoot(), SHARED, false],
    ["shared node, owner", viewer("owner"), sharedRoot(), SHARED, true],
    ["Organisation root node, manager", viewer("manager"), personal(), ORG, true],
  ])("%s", (_name, v, f, section, expected) => {
    for (const rule of rules) expect(rule(v, f, section)).toBe(expected);
  });
});

describe("Add to Shared Folders: not on ly-basic, not for folders already shared", () => {
  it.each<Row>([
    ["own folder, Best Practice", me(), personal(), MY, true],
    ["own sub folder", me(), personal({ ancestorCount: 1 }), MY, true],
    ["Lite plan (ly-basic)", me("owner", "ly-basic"), personal(), MY, false],
    ["already shared", me(), sharedRoot(), MY, false],
    ["inside a shared folder", me(), sharedChild(), MY, false],
    ["from Organisation Documents", viewer("owner"), personal(), ORG, false],
    ["a folder created in Shared Folders", me(), firmFolder(), SHARED, false],
  ])("%s", (_name, v, f, section, expected) => {
    expect(canShareFolder(v, f, section)).toBe(expected);
  });
});

describe("Remove from Shared Folders: owner, manager or the creator of the share", () => {
  it.each<Row>([
    ["the member who shared it, My Documents", me(), sharedRoot(), MY, true],
    ["the member who shared it, Shared Folders", me(), sharedRoot(), SHARED, true],
    ["another member", viewer("member"), sharedRoot(), SHARED, false],
    ["manager", viewer("manager"), sharedRoot(), SHARED, true],
    ["owner", viewer("owner"), sharedRoot(), SHARED, true],
    ["a folder that is not shared itself", viewer("owner"), sharedChild(), SHARED, false],
    ["a type 2 folder (no share link)", viewer("owner"), firmFolder(), SHARED, false],
  ])("%s", (_name, v, f, section, expected) => {
    expect(canUnshareFolder(v, f, section)).toBe(expected);
  });
});

describe("calls without a tab", () => {
  it("allow what some tab where the folder appears allows", () => {
    // The owner renames a member's top-level folder from Organisation Documents.
    expect(allowedInSomeTab(canRenameFolder, viewer("owner"), personal())).toBe(true);
    // A member cannot rename someone else's type-2 folder from anywhere.
    expect(allowedInSomeTab(canRenameFolder, viewer("member"), firmFolder())).toBe(false);
  });
});
