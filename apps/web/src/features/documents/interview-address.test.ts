import { describe, expect, it } from "vitest";
import {
  interviewActionsOf,
  interviewHref,
  offersAction,
  withRequestedActions,
  withRequestedActionsParam,
} from "./interview-address";

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

describe("actions asked for by the answers (is_qaction answered Yes, interview spec §4)", () => {
  it("joins them to the address's actions, in the spec's order, once", () => {
    const address = { docId: 7, actions: ["XD_Assemble", "XD_Download"] as const };
    expect(withRequestedActions(address, ["SignFS"]).actions).toEqual([
      "XD_Assemble",
      "XD_Download",
      "SignFS",
    ]);
    expect(withRequestedActions(address, ["XD_Assemble"])).toBe(address);
    expect(withRequestedActions(address, ["Nonsense"])).toBe(address);
  });

  it("leaves an address naming no actions as it is: it offers all four already", () => {
    const address = { docId: 7 };
    expect(withRequestedActions(address, ["SignFS"])).toBe(address);
    expect(withRequestedActionsParam(null, ["SignFS"])).toBeNull();
  });

  it("does the same for the raw parameter the voice interview's reload keeps", () => {
    expect(withRequestedActionsParam("XD_Assemble,XD_Download", ["SignFS"])).toBe(
      "XD_Assemble,XD_Download,SignFS",
    );
    expect(withRequestedActionsParam("", ["ASIC"])).toBe("ASIC");
    expect(withRequestedActionsParam("SignFS", [])).toBe("SignFS");
  });
});
