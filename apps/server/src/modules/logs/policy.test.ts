import { describe, expect, it } from "vitest";
import { activityLogAuthors, canReadDocumentLog, firmLogScope } from "./policy.ts";

describe("logs policy", () => {
  it.each([
    ["owner", "firm"],
    ["manager", "firm"],
    ["member", "own"],
  ] as const)("a %s reads the %s entries of a log without a document", (role, scope) => {
    expect(firmLogScope(role)).toBe(scope);
  });

  it.each([
    ["owner", "visible", false, true],
    ["manager", "visible", false, true],
    ["member", "visible", false, true],
    ["owner", "hidden", true, false],
    ["manager", "hidden", true, false],
    ["member", "hidden", true, false],
    ["owner", "absent", true, true],
    ["manager", "absent", true, true],
    ["member", "absent", true, false],
    ["owner", "absent", false, false],
    ["manager", "absent", false, false],
    ["member", "absent", false, false],
  ] as const)("a %s, document %s, entries %s: may read its log = %s", (role, standing, entries, allowed) => {
    expect(canReadDocumentLog(role, standing, entries)).toBe(allowed);
  });

  it("members see only their own activity, whoever they ask for", () => {
    expect(activityLogAuthors("member", 7, [3, 4])).toEqual([7]);
    expect(activityLogAuthors("member", 7, undefined)).toEqual([7]);
    expect(activityLogAuthors("manager", 7, [3])).toEqual([3]);
    expect(activityLogAuthors("owner", 7, undefined)).toBeUndefined();
  });
});
