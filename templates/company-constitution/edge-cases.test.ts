/**
 * The constitution against each row of its PRECONDITIONS.md: share classes only with guard-rails
 * (s254A, s246B; dividend streaming, s204-30 ITAA 1997), the sole member-director's death (s201F),
 * meetings held by technology (s249R, s249RA), mediation nominated by bodies that exist as named in
 * every state and territory, and the company named as proposed or as registered.
 */
import { describe, expect, it } from "vitest";
import { type Answers, answersFor, documentText, issuesOf } from "../edge-cases.ts";

const SLUG = "company-constitution";
const text = (change?: (a: Answers) => void) => documentText(SLUG, answersFor(SLUG, change));

describe("refusals", () => {
  it("refuses a maximum number of directors below the minimum", () => {
    const issues = issuesOf(
      SLUG,
      answersFor(SLUG, (a) => {
        a.min_directors = 3;
        a.max_directors = 2;
      }),
    );
    expect(issues).toEqual([
      {
        path: "max_directors",
        message: "The maximum number of directors cannot be less than the minimum number.",
      },
    ]);
  });

  it("refuses more than 6 directors for an SMSF's trustee company (s17A), and allows them otherwise", () => {
    const SMSF_DIRECTORS =
      "A company that is trustee of a self managed superannuation fund can have no more than 6 directors: the fund has no more than 6 members (s17A(1)(a) SIS Act), and each director must be a member or act in a member's place (s17A(1)(c), (3)). Lower the maximum number of directors to 6 or fewer.";
    const withMaximum = (role: string | undefined, maximum: number) =>
      issuesOf(
        SLUG,
        answersFor(SLUG, (a) => {
          if (role === undefined) delete a.trustee_role;
          else a.trustee_role = role;
          a.max_directors = maximum;
        }),
      );
    expect(withMaximum("smsf", 7)).toEqual([{ path: "max_directors", message: SMSF_DIRECTORS }]);
    expect(withMaximum("smsf", 6)).toEqual([]);
    for (const role of ["trust", "No", undefined]) expect(withMaximum(role, 7), String(role)).toEqual([]);
  });
});

describe("share classes with guard-rails (cl 4)", () => {
  const classes = text((a) => {
    a.classes = "Yes";
  });

  it("no longer lets the Directors create shares carrying dividends 'as the Directors decide'", () => {
    expect(classes).not.toContain("carrying a right to dividends only as the Directors decide");
  });

  it("defines each class's rights in writing at issue, and needs a special resolution for a new dividend class", () => {
    expect(classes).toContain("set out in writing before the first Share of the class is issued");
    expect(classes).toMatch(
      /dividend rights that differ from those of the Shares already on issue[^.]*Special Resolution/,
    );
    expect(classes).toContain("section 254A");
    expect(classes).toContain("section 246B");
  });

  it("limits dividend streaming, citing s204-30 ITAA 1997 and s177EA ITAA 1936", () => {
    expect(classes).toContain("section 204-30 of the *Income Tax Assessment Act 1997*".replace(/\*/g, ""));
    expect(classes).toContain("section 177EA");
    expect(classes).toContain("must not determine a dividend on one class to the exclusion of another");
  });

  it("one class only: no class may be created without amending the constitution", () => {
    const single = text((a) => {
      a.classes = "No";
    });
    expect(single).toContain("only after this constitution is amended by Special Resolution");
  });
});

describe("mediation nominated by a body that exists as named (issue 30 item 6)", () => {
  it.each([
    ["NSW", "President of the Law Society of New South Wales"],
    ["VIC", "President of the Law Institute of Victoria"],
    ["QLD", "President of the Queensland Law Society"],
    ["WA", "President of the Law Society of Western Australia"],
    ["SA", "President of the Law Society of South Australia"],
    ["TAS", "President of the Law Society of Tasmania"],
    ["ACT", "President of the ACT Law Society"],
    ["NT", "President of the Law Society Northern Territory"],
  ])("%s: %s", (state, body) => {
    const constitution = text((a) => {
      a.jurisdiction = state;
    });
    expect(constitution).toContain(body);
    expect(constitution).not.toMatch(/law society of (Victoria|Queensland)/i);
    expect(constitution).not.toContain("president of the law society of");
  });
});

describe("a sole director who is also the sole member", () => {
  const constitution = text();
  it("lets the personal representative of a deceased sole member-director appoint a director (s201F)", () => {
    expect(constitution).toContain("personal representative");
    expect(constitution).toContain("section 201F of the Act");
  });

  it("says the replaceable rules would not apply in any case (s135(1))", () => {
    expect(constitution).toContain("section 135(1) of the Act");
  });
});

describe("meetings held using technology and documents signed electronically", () => {
  const constitution = text();
  it("permits hybrid and virtual-only meetings expressly (s249R(c)) with a reasonable opportunity to take part (s249RA)", () => {
    expect(constitution).toContain("using virtual meeting technology only");
    expect(constitution).toContain("section 249R(c) of the Act");
    expect(constitution).toContain("section 249RA");
  });

  it("permits electronic signing and sending under Part 1.2AA", () => {
    expect(constitution).toContain("Part 1.2AA of the Act");
  });
});

describe("indemnity and insurance within s199A and s199B", () => {
  it("excludes what the Act forbids", () => {
    const constitution = text();
    expect(constitution).toContain("section 199A");
    expect(constitution).toContain("section 199B");
  });
});

describe("no drafting notes inside the instrument (issue 30 item 12)", () => {
  it("states what the Company may do, not what it should", () => {
    const constitution = text();
    expect(constitution).not.toMatch(/\bshould\b/);
    expect(constitution).toContain("by which the officer may enforce them directly");
  });
});

describe("the company named as proposed or as registered", () => {
  it("on registration: '(proposed)', no ACN; by special resolution later: the ACN", () => {
    expect(text()).toContain("Coastline Joinery Pty Ltd (proposed)");
    const later = text((a) => {
      a.adoption_on_registration = "No";
      a.company_acn = "623456780";
    });
    expect(later).toContain("Coastline Joinery Pty Ltd ACN 623 456 780");
    expect(later).toContain("By Special Resolution of the Company (section 136(1)(b) of the Act)");
  });
});

describe("the scope of a market constitution (25–50 pages: 37 from the sample answers, in our PDF and in LibreOffice)", () => {
  const full = text();

  it("completes a pre-emptive sale: allocation, completion, a defaulting seller or buyer, and registration (s1071B, s1072H)", () => {
    expect(full).toContain("Allocation and completion of pre-emptive sales");
    expect(full).toContain("If the Seller does not complete a sale to a buyer who is ready to complete");
    expect(full).toContain("If a buyer does not complete its purchase");
    expect(full).toContain("section 1071B of the Act");
    expect(full).toContain("section 1072H of the Act");
  });

  it("gives the valuer information, a timetable and rules for what to disregard, and lets a voluntary seller withdraw", () => {
    expect(full).toContain("must disregard any reduction in the value of the Company caused by the event");
    expect(full).toContain("the Seller may withdraw it by notice to the Company within five Business Days");
  });

  it("deals with transmission on death, bankruptcy and incapacity in place of ss 1072A, 1072B and 1072D", () => {
    expect(full).toContain("sections 1072A, 1072B and 1072D of the Act");
    expect(full).toContain("The estate of a deceased Member is not released from any liability");
  });

  it("governs directors' interests (ss 191, 192), alternates (s201K), committees and delegation (ss 198D, 190)", () => {
    expect(full).toContain("section 191(3) of the Act");
    expect(full).toContain(
      "ceases to have effect if the nature or extent of the interest materially increases",
    );
    expect(full).toContain("section 201K of the Act");
    expect(full).toContain("Committees and delegation");
    expect(full).toContain("section 198D(2) of the Act");
    expect(full).toContain("(section 190 of the Act)");
  });

  it("limits the costs indemnity as s199A(3) does, voids what s199C voids, and gives deeds of access for seven years (s198F)", () => {
    expect(full).toContain("section 199A(3) of the Act");
    expect(full).toContain("section 199C of the Act");
    // s198F is a director's and former director's right (seven years, legal proceedings); the deed's
    // seven years of access for any officer is contractual, so it is not attributed to the section.
    expect(full).toContain(
      "a former director for seven years after leaving office, inspect the Company’s books",
    );
    expect(full).toContain("for at least seven years after the officer ceases to hold office");
    expect(full).not.toMatch(/seven years after the officer ceases to hold office[^.]*section 198F/);
  });

  it("has notices to joint and overseas holders, distribution in specie with values set independently, and employee shares", () => {
    expect(full).toContain(
      "A notice to the joint holders of a Share is given by giving it to the joint holder named first",
    );
    expect(full).toContain("whose registered address is outside Australia");
    expect(full).toContain("divides property among the Members in kind");
    expect(full).toContain("Division 1A of Part 7.12 of the Act");
    expect(full).toContain("section 170 of the Act");
  });

  it("has the heads a full-scope proprietary company constitution has (issue 30, second pass)", () => {
    for (const head of [
      "Holdings without certificates",
      "Security over Shares",
      "Foreign persons and approvals",
      "Members under 18",
      "Small proprietary company matters",
      "Dividend reinvestment",
      "Corporate trustee",
      "Name and registered office",
    ]) {
      expect(full).toContain(head);
    }
  });

  it("limits the Directors' power to refuse a transfer: good faith, proper purpose, not against a permitted or completed sale", () => {
    expect(full).toContain("in good faith, in the interests of the Company and for a proper purpose");
    expect(full).toMatch(/may not refuse to register a transfer made under a permitted transfer/);
  });

  it("is at least 19,000 words because those heads need them", () => {
    expect(full.split(/\s+/).length).toBeGreaterThan(19000);
  });
});

describe("new preconditions of the second pass (PRECONDITIONS.md, issue 30)", () => {
  it("drag-along and tag-along only when chosen; left unanswered they stay", () => {
    const without = text((a) => {
      a.drag_tag = "No";
    });
    expect(without).not.toContain("Drag-along and tag-along");
    expect(without).not.toContain("(a drag-along)");
    const unanswered = text((a) => {
      delete a.drag_tag;
    });
    expect(unanswered).toContain("Drag-along and tag-along");
  });

  it("a drag-along never forces a sale below fair value", () => {
    expect(text()).toContain("only if the price per Share is not less than the Fair Value");
  });

  it("a drag-along added by an existing company binds only members who agree to it (Gambotto v WCP Ltd)", () => {
    const existing = text((a) => {
      a.adoption_on_registration = "No";
      a.company_acn = "623456780";
    });
    expect(existing).toContain("Gambotto v WCP Ltd");
    expect(existing).toContain(
      "binds a Member who holds Shares when it is adopted only if that Member voted in favour",
    );
    expect(text()).not.toContain("Gambotto");
  });

  it("a trustee company protects its right of indemnity (s197), and only when it is or may be a trustee", () => {
    const trustee = text((a) => {
      a.trustee_role = "trust";
    });
    expect(trustee).toContain("section 197 of the Act");
    expect(trustee).toContain("merely because the Trust has too little property to indemnify it");
    expect(trustee).toContain("never out of the property of a Trust");
    const none = text((a) => {
      a.trustee_role = "No";
    });
    expect(none).not.toContain("Corporate trustee");
    expect(none).toContain("The Company as trustee");
    const unanswered = text((a) => {
      delete a.trustee_role;
    });
    expect(unanswered).not.toContain("Corporate trustee");
  });

  it("an SMSF trustee: directors are the fund's members (s17A), unpaid (s17A(1)(g), s17B), not disqualified (s120), declarations (s104A), and a special purpose company distributes nothing", () => {
    const smsf = text((a) => {
      a.trustee_role = "smsf";
    });
    expect(smsf).toContain("Trustee of a self managed superannuation fund");
    expect(smsf).toContain("section 17A of the SIS Act");
    expect(smsf).toContain("section 17A(1)(g) of the SIS Act");
    expect(smsf).toContain("section 120 of the SIS Act");
    expect(smsf).toContain("section 104A of the SIS Act");
    expect(smsf).toMatch(/must not distribute any of its income or property[^.]*to its Members/);
    expect(smsf).toContain("Corporations (Review Fees) Regulations 2003");
    expect(text()).not.toContain("SIS Act");
  });

  it("the chair of a members' meeting has a casting vote only when the directors' chair has one (s250E(3))", () => {
    const casting = text((a) => {
      a.casting_vote = "Yes";
    });
    expect(casting).toContain(
      "the chair has a casting vote in addition to any vote the chair has as a Member",
    );
    const deadlock = text((a) => {
      a.casting_vote = "deadlock";
    });
    expect(deadlock).toContain(
      "If the votes on a resolution at a meeting of Members are equal, the chair does not have a casting vote and the resolution is lost",
    );
    expect(deadlock).not.toContain(
      "the chair has a casting vote in addition to any vote the chair has as a Member",
    );
  });

  it("a dividend is a debt only when the time for payment arrives, and is revocable before then (s254V(1))", () => {
    expect(text()).toContain(
      "as section 254V(1) of the Act provides, the Company does not incur a debt merely by fixing",
    );
  });

  it("forms for the procedures: a Transfer Notice always, an alternate's appointment only when alternates are allowed", () => {
    const full = text();
    expect(full).toContain("Form of Transfer Notice");
    expect(full).toContain("Form of appointment of an Alternate Director");
    const none = text((a) => {
      a.alternates = "No";
    });
    expect(none).toContain("Form of Transfer Notice");
    expect(none).not.toContain("Form of appointment of an Alternate Director");
  });

  it("a member under 18 holds fully paid shares only, through a parent or guardian", () => {
    expect(text()).toMatch(
      /A person under 18 years old may be registered as the holder of Shares only if the Shares are fully paid/,
    );
  });

  it("short notice: 95% of the votes (s249H(2)), never for removing an auditor (s249H(4)); the proxy statement (s249L(1)(d))", () => {
    const full = text();
    expect(full).toContain("section 249H(2) of the Act");
    expect(full).toContain("section 249H(4)");
    expect(full).toContain("section 249L(1)(d) of the Act");
  });

  it("the solvency resolution follows s347A: two months after each review date, unless a financial report was lodged in the 12 months before", () => {
    const full = text();
    expect(full).toContain(
      "unless the Company lodged a financial report with ASIC under Chapter 2M of the Act in the 12 months before that review date (section 347A of the Act)",
    );
    expect(full).not.toContain("unless the Company has lodged a statement that no such grounds exist");
  });
});
