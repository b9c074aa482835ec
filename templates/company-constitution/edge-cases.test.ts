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

describe("the scope of a market constitution (25–50 pages: 28 from the sample answers, in our PDF and in LibreOffice)", () => {
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
    expect(full).toMatch(/seven years after the officer ceases to hold office[^.]*section 198F/);
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

  it("is at least 15,000 words because those heads need them", () => {
    expect(full.split(/\s+/).length).toBeGreaterThan(15000);
  });
});
