import { describe, expect, it } from "vitest";
import {
  CheckCompanyNameRequest,
  isPublicLegalElement,
  LEGAL_ELEMENTS,
  PUBLIC_LEGAL_ELEMENTS,
  WIZARD_LEGAL_ELEMENTS,
} from "./asic.ts";

describe("the company's legal elements", () => {
  it("offers in the start wizard the documents spec's ten, in its order: the nine proprietary ones, then LTD.", () => {
    expect(WIZARD_LEGAL_ELEMENTS).toEqual([
      "PTY LTD",
      "PTY LTD.",
      "PTY LIMITED",
      "PTY. LTD",
      "PTY. LTD.",
      "PTY. LIMITED",
      "PROPRIETARY LTD",
      "PROPRIETARY LTD.",
      "PROPRIETARY LIMITED",
      "LTD.",
    ]);
  });

  it("offers in the interview those and LTD and LIMITED (the interview spec's twelve)", () => {
    expect(LEGAL_ELEMENTS).toHaveLength(12);
    for (const element of WIZARD_LEGAL_ELEMENTS) expect(LEGAL_ELEMENTS).toContain(element);
    expect(LEGAL_ELEMENTS.slice(9)).toEqual(["LTD", "LTD.", "LIMITED"]);
  });

  it("counts as a public company's exactly the elements without Pty or Proprietary (s148)", () => {
    expect(PUBLIC_LEGAL_ELEMENTS).toEqual(["LTD", "LTD.", "LIMITED"]);
    for (const element of LEGAL_ELEMENTS)
      expect(isPublicLegalElement(element), element).toBe(!/^(PTY|PROPRIETARY)\b/.test(element));
    expect(WIZARD_LEGAL_ELEMENTS.filter(isPublicLegalElement)).toEqual(["LTD."]);
  });

  it("takes LTD. in a name check", () => {
    expect(
      CheckCompanyNameRequest.parse({ company_name: "Banksia Holdings", legal_element: "LTD." }),
    ).toMatchObject({
      legal_element: "LTD.",
    });
  });
});
