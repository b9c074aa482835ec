import { GROUP_NAME_EXISTS, LAST_SIGNING_GROUP } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  addGroup,
  assignSigner,
  canAddGroup,
  groupNameError,
  initialGroups,
  mergedRecipients,
  removeGroup,
  renameGroup,
  stripPhone,
} from "./signing-groups";

describe("signing groups (interview-signing spec §4)", () => {
  it("starts with First and a locked Last group", () => {
    expect(initialGroups().map((g) => [g.name, g.lock_last_signing_group])).toEqual([
      ["First Signing Group", false],
      [LAST_SIGNING_GROUP, true],
    ]);
  });

  it("adding turns the old Last group into an ordinal group that keeps its signers", () => {
    const start = assignSigner(initialGroups(), 2, "jane");
    const added = addGroup(start);
    expect(added.map((g) => g.name)).toEqual([
      "First Signing Group",
      "Second Signing Group",
      LAST_SIGNING_GROUP,
    ]);
    expect(added[1]?.items).toEqual(["jane"]);
    expect(added[1]?.canRemove).toBe(true);
    expect(added[2]?.lock_last_signing_group).toBe(true);
  });

  it("stops at 9 groups", () => {
    let groups = initialGroups();
    for (let i = 0; i < 20; i++) groups = addGroup(groups);
    expect(groups).toHaveLength(9);
    expect(canAddGroup(groups)).toBe(false);
    expect(groups.at(-2)?.name).toBe("Eighth Signing Group");
  });

  it("removing releases the group's signers and renumbers the default names", () => {
    let groups = addGroup(addGroup(initialGroups()));
    groups = assignSigner(groups, groups[1]?.id ?? 0, "jane");
    const removed = removeGroup(groups, groups[1]?.id ?? 0);
    expect(removed.map((g) => g.name)).toEqual([
      "First Signing Group",
      "Second Signing Group",
      LAST_SIGNING_GROUP,
    ]);
    expect(removed.flatMap((g) => g.items)).toEqual([]);
    // The locked Last group cannot be removed.
    expect(removeGroup(removed, removed.at(-1)?.id ?? 0)).toHaveLength(3);
  });

  it("refuses a blank name and a name another group has, ignoring case and spaces", () => {
    const groups = renameGroup(addGroup(initialGroups()), 1, "Directors");
    expect(groupNameError(groups, 3, "  directors ")).toBe("exists");
    expect(groupNameError(groups, 3, " ")).toBe("blank");
    expect(groupNameError(groups, 1, "Directors")).toBeNull();
    expect(GROUP_NAME_EXISTS).toBe("This group name already exists. Please enter a new group name");
  });

  it("merges duplicate recipients and strips phone input", () => {
    const people = [
      { name: "Jane", email: "JANE@x.com", phone: "" },
      { name: "jane ", email: "jane@x.com", phone: "" },
      { name: "Jane", email: "jane@x.com", phone: "+61-4" },
    ];
    expect(mergedRecipients(people)).toHaveLength(2);
    expect(stripPhone("+61-4a12 (345)_678")).toBe("+61-412 (345)678");
  });
});
