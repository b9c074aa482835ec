/**
 * The server's own check of a registration's type and officeholders before ASIC's fee and the
 * lodgement (ss 148, 201A, 204A Corporations Act 2001 (Cth)): a name ending in 'LTD.' is a public
 * company's, which needs three directors, two resident, and a resident secretary.
 */
import {
  legalElementNotForCompanyType,
  PROPRIETARY_COMPANY_SECRETARY_RESIDENT,
  PUBLIC_COMPANY_DIRECTORS_REQUIRED,
  PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED,
  PUBLIC_COMPANY_SECRETARY_REQUIRED,
  RESIDENT_DIRECTOR_REQUIRED,
} from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { applicationRefusal } from "./officeholders.ts";

const officer = (office: string, resident: string) => ({ office, resident });
const publicCompany = (...officers: { office: string; resident: string }[]) => ({
  company_kind: "pub_shares",
  officers,
});

describe("applicationRefusal", () => {
  it("refuses a public company (LTD.) with fewer than three directors", () => {
    expect(applicationRefusal(publicCompany(officer("both", "Yes")), "LTD.")).toBe(
      PUBLIC_COMPANY_DIRECTORS_REQUIRED,
    );
    expect(
      applicationRefusal(publicCompany(officer("both", "Yes"), officer("director", "Yes")), "LTD."),
    ).toBe(PUBLIC_COMPANY_DIRECTORS_REQUIRED);
    // A secretary is not a director.
    expect(
      applicationRefusal(
        publicCompany(officer("both", "Yes"), officer("director", "Yes"), officer("secretary", "Yes")),
        "LTD.",
      ),
    ).toBe(PUBLIC_COMPANY_DIRECTORS_REQUIRED);
  });

  it("refuses a public company with fewer than two resident directors", () => {
    expect(
      applicationRefusal(
        publicCompany(officer("both", "Yes"), officer("director", "No"), officer("director", "No")),
        "LTD.",
      ),
    ).toBe(PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED);
    // A resident secretary does not make up a resident director.
    expect(
      applicationRefusal(
        publicCompany(
          officer("director", "Yes"),
          officer("director", "No"),
          officer("director", "No"),
          officer("secretary", "Yes"),
        ),
        "LTD.",
      ),
    ).toBe(PUBLIC_COMPANY_RESIDENT_DIRECTORS_REQUIRED);
  });

  it("refuses a public company without a secretary who ordinarily resides in Australia", () => {
    const directors = [officer("director", "Yes"), officer("director", "Yes"), officer("director", "No")];
    expect(applicationRefusal(publicCompany(...directors), "LTD.")).toBe(PUBLIC_COMPANY_SECRETARY_REQUIRED);
    expect(applicationRefusal(publicCompany(...directors, officer("secretary", "No")), "LTD.")).toBe(
      PUBLIC_COMPANY_SECRETARY_REQUIRED,
    );
    expect(applicationRefusal(publicCompany(...directors, officer("both", "No")), "LTD.")).toBe(
      PUBLIC_COMPANY_SECRETARY_REQUIRED,
    );
  });

  it("accepts a public company with three directors, two resident, and a resident secretary", () => {
    const directors = [officer("director", "Yes"), officer("director", "Yes"), officer("director", "No")];
    expect(applicationRefusal(publicCompany(...directors, officer("secretary", "Yes")), "LTD.")).toBeNull();
    expect(
      applicationRefusal(
        publicCompany(officer("both", "Yes"), officer("director", "Yes"), officer("director", "No")),
        "LTD.",
      ),
    ).toBeNull();
    // Limited by guarantee takes the same elements and the same rules.
    expect(
      applicationRefusal(
        {
          ...publicCompany(officer("both", "Yes"), officer("director", "Yes"), officer("director", "No")),
          company_kind: "pub_guarantee",
        },
        "LIMITED",
      ),
    ).toBeNull();
  });

  it("holds a name ending in LTD. to the public rules whatever the type says, and refuses the mismatch", () => {
    const oneDirector = { officers: [officer("both", "Yes")] };
    // No type answered yet: the name alone makes it a public company.
    expect(applicationRefusal(oneDirector, "LTD.")).toBe(PUBLIC_COMPANY_DIRECTORS_REQUIRED);
    expect(applicationRefusal({ ...oneDirector, company_kind: "pty_shares" }, "LTD.")).toBe(
      legalElementNotForCompanyType("LTD.", "a proprietary company limited by shares"),
    );
    expect(applicationRefusal({ ...oneDirector, company_kind: "pub_shares" }, "PTY LTD")).toBe(
      legalElementNotForCompanyType("PTY LTD", "a public company limited by shares"),
    );
    expect(legalElementNotForCompanyType("LTD.", "a proprietary company limited by shares")).toMatch(
      /^The name's legal element \(LTD\.\) is for a public company limited by shares or by guarantee, but the application is for a proprietary company limited by shares \(s148/,
    );
  });

  it("asks one resident director of a proprietary company (s201A(1))", () => {
    const pty = (...officers: { office: string; resident: string }[]) => ({
      company_kind: "pty_shares",
      officers,
    });
    expect(applicationRefusal(pty(officer("both", "Yes")), "PTY LTD")).toBeNull();
    expect(applicationRefusal(pty(officer("director", "No"), officer("secretary", "Yes")), "PTY LTD")).toBe(
      RESIDENT_DIRECTOR_REQUIRED,
    );
    expect(applicationRefusal(pty(), null)).toBe(RESIDENT_DIRECTOR_REQUIRED);
  });

  it("lets a proprietary company have no secretary, but a secretary it has must include a resident (s204A(1))", () => {
    const pty = (...officers: { office: string; resident: string }[]) => ({
      company_kind: "pty_shares",
      officers,
    });
    expect(applicationRefusal(pty(officer("director", "Yes")), "PTY LTD")).toBeNull();
    expect(applicationRefusal(pty(officer("director", "Yes"), officer("secretary", "No")), "PTY LTD")).toBe(
      PROPRIETARY_COMPANY_SECRETARY_RESIDENT,
    );
    expect(
      applicationRefusal(
        pty(officer("director", "Yes"), officer("secretary", "No"), officer("both", "Yes")),
        "PTY LTD",
      ),
    ).toBeNull();
    // No type answered yet and no listed element: held to the proprietary rules too.
    expect(
      applicationRefusal({ officers: [officer("director", "Yes"), officer("secretary", "No")] }, null),
    ).toBe(PROPRIETARY_COMPANY_SECRETARY_RESIDENT);
  });
});
