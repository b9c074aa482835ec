import { describe, expect, it } from "vitest";
import { canConnect, canDisconnect, canSyncDocuments, ownsConnection } from "./policy.ts";

describe("integration connection policy", () => {
  it("a connection is its maker's, in the firm they made it in", () => {
    expect(ownsConnection({ teamId: 1, userId: 7 }, { teamId: 1, userId: 7 })).toBe(true);
    expect(ownsConnection({ teamId: 1, userId: 8 }, { teamId: 1, userId: 7 })).toBe(false);
    expect(ownsConnection({ teamId: 2, userId: 7 }, { teamId: 1, userId: 7 })).toBe(false);
  });

  it("connects an enabled app that is not connected, or needs renewing", () => {
    expect(canConnect({ enabled: true }, "not_connected")).toBe(true);
    expect(canConnect({ enabled: true }, "needs_renewal")).toBe(true);
    expect(canConnect({ enabled: true }, "connected")).toBe(false);
    expect(canConnect({ enabled: false }, "not_connected")).toBe(false);
  });

  it("disconnects any connection of one's own", () => {
    expect(canDisconnect("connected")).toBe(true);
    expect(canDisconnect("needs_renewal")).toBe(true);
    expect(canDisconnect("not_connected")).toBe(false);
  });

  it("syncs documents through a working connection of one's own to an app that takes them", () => {
    expect(canSyncDocuments("connected", true)).toBe(true);
    expect(canSyncDocuments("connected", false)).toBe(false);
    expect(canSyncDocuments("needs_renewal", true)).toBe(false);
    expect(canSyncDocuments("not_connected", true)).toBe(false);
  });
});
