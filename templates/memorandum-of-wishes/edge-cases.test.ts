/**
 * The memorandum of wishes against the preconditions in PRECONDITIONS.md: it binds no one whichever
 * reader it is addressed to, is signed by its writer alone, and refuses a writer under 18 and a date
 * before the trust existed.
 */
import { signers } from "@precedent/docgen";
import { describe, expect, it } from "vitest";
import { answersFor, type Change, documentText, issuesOf as issuesIn, load, refusal } from "../edge-cases.ts";

const SLUG = "memorandum-of-wishes";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change) => documentText(SLUG, answersFor(SLUG, change));

const MINOR =
  "The writer must be 18 or over. A settlor, appointor or principal family member under 18 cannot hold those roles in a way this memorandum can speak for.";
const BEFORE_TRUST =
  "The memorandum is about a trust that already exists: it cannot be dated before the trust deed. Check both dates.";

const toAppointor: Change = (a) => {
  a.addressee = "appointor";
  a.appointor_name = "Sarah Chen";
};

describe("memorandum of wishes: binds no one", () => {
  for (const [reader, change] of [
    ["the trustees", () => {}],
    ["the appointor", toAppointor],
  ] as const) {
    it(`says, addressed to ${reader}, that it is not binding and fetters no discretion`, () => {
      const letter = text(change);
      expect(letter).toContain("is not intended to");
      expect(letter).toContain(
        "Nothing in this memorandum limits, or is intended to limit, any discretion the Trust Deed gives to the trustee or the appointor.",
      );
      expect(letter).toContain(
        "after considering all of the beneficiaries the Trust Deed allows it to benefit",
      );
      expect(letter).toContain("does not vary, add to or replace them, does not declare any trust");
      expect(letter).toContain("This memorandum is not a will");
      expect(letter).toContain("the Trust Deed and the law prevail");
    });
  }

  it("is addressed to the trustee, or to the appointor with a copy to the trustee", () => {
    expect(text(() => {})).toContain(
      "To: Chen Nominees Pty Ltd, as trustee of the Chen Family Trust, and every later trustee of it",
    );
    const appointor = text(toAppointor);
    expect(appointor).toContain(
      "To: Sarah Chen, as appointor of the Chen Family Trust, and every later appointor of it (with a copy to Chen Nominees Pty Ltd, as trustee)",
    );
    expect(appointor).toContain("This memorandum does not bind the appointor or the trustee");
    expect(
      issuesOf((a) => {
        a.addressee = "appointor";
      }),
    ).toEqual([{ path: "appointor_name", message: "This field cannot be blank." }]);
  });

  it("records successors as hopes, made only as the trust deed provides", () => {
    expect(text(() => {})).toContain(
      "these wishes take effect only if an appointment is made as the Trust Deed provides",
    );
  });
});

describe("memorandum of wishes: signing", () => {
  it("is signed by its writer alone, with no witness, and says why", () => {
    const { template } = load(SLUG);
    const people = signers(template.definition, answersFor(SLUG) as never);
    expect(people.map((signer) => signer.fullName)).toEqual(["David Chen"]);
    expect(people[0]?.witnesses).toEqual([]);
    expect(text(() => {})).toContain(
      "no law requires it to be witnessed; it has no witness, because it is meant to bind no one",
    );
  });

  it("refuses a writer under 18", () => {
    expect(
      refused((a) => {
        a.author_age = "minor";
      }),
    ).toEqual([{ path: "author_age", message: MINOR }]);
  });

  it("refuses a date before the trust deed, and accepts the deed's own date", () => {
    expect(
      refused((a) => {
        a.letter_date = "14/07/2015";
      }),
    ).toEqual([{ path: "letter_date", message: BEFORE_TRUST }]);
    expect(
      issuesOf((a) => {
        a.letter_date = "15/07/2015";
      }),
    ).toEqual([]);
  });

  it("names the writer's role", () => {
    expect(text(() => {})).toContain("the appointor of the trust");
    expect(
      text((a) => {
        a.author_role = "principal";
      }),
    ).toContain("the principal family member of the trust");
  });
});

describe("memorandum of wishes: the guidance", () => {
  it("includes education and the family business only when answered", () => {
    const full = text(() => {});
    expect(full).toContain("My wishes about education are these:");
    expect(full).toContain("The Trust holds an interest in Chen Investments Pty Ltd (the Business).");
    expect(full).toContain("nothing in this clause requires the trustee to keep an investment");
    const short = text((a) => {
      a.education = "No";
      a.business = "No";
    });
    expect(short).not.toContain("Education");
    expect(short).not.toContain("the Business");
    expect(short).toContain("4. Who controls the Trust after me");
  });

  it("is reviewed as often as answered, and after family events", () => {
    expect(text(() => {})).toContain(
      "I intend to review this memorandum every two years, and also after any marriage",
    );
    expect(
      text((a) => {
        a.review = "1";
      }),
    ).toContain("review this memorandum every year");
  });

  it("guides from now on, or after the writer's death or loss of capacity", () => {
    expect(text(() => {})).toContain("might be managed after my death, or if I lose the capacity");
    const now = text((a) => {
      a.takes_effect = "now";
    });
    expect(now).toContain("might be managed. I hope");
  });
});
