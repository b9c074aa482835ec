import { describe, expect, it } from "vitest";
import { interviewActionsOf, interviewHref, offersAction } from "./interview-address";

describe("the interview address's actions list (interview spec §2 Routes)", () => {
  it("offers all four when the address names none", () => {
    const address = { actions: interviewActionsOf(null) };
    expect(address.actions).toBeUndefined();
    for (const action of ["XD_Assemble", "XD_Download", "ASIC", "SignFS"] as const) {
      expect(offersAction(address, action)).toBe(true);
    }
  });

  it("offers only those named, ignoring unknown names and spaces", () => {
    const address = { actions: interviewActionsOf("XD_Download, SignFS,Teleport") };
    expect(address.actions).toEqual(["XD_Download", "SignFS"]);
    expect(offersAction(address, "XD_Download")).toBe(true);
    expect(offersAction(address, "SignFS")).toBe(true);
    expect(offersAction(address, "XD_Assemble")).toBe(false);
    expect(offersAction(address, "ASIC")).toBe(false);
  });

  it("an empty list offers none", () => {
    expect(offersAction({ actions: interviewActionsOf("") }, "XD_Assemble")).toBe(false);
  });

  it("is kept in the download view's address after assembly", () => {
    const href = interviewHref({ docId: 7, actions: ["XD_Download"] }, [{ id: 3, name: "Deed.pdf" }]);
    expect(new URL(href, "http://x").searchParams.get("actions")).toBe("XD_Download");
  });
});
