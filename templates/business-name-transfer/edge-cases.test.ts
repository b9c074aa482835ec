/**
 * The business name transfer agreement against the preconditions in PRECONDITIONS.md: each is
 * refused with its message or drafted for, across individual, company and trust sellers and buyers,
 * every governing law, goodwill or none, a seller registered for GST or not, and the dates that
 * matter (the agreement, completion and the end of the name's registration period).
 */
import { describe, expect, it } from "vitest";
import {
  type Answers,
  answersFor,
  type Change,
  documentText,
  issuesOf as issuesIn,
  JURISDICTIONS,
  refusal,
} from "../edge-cases.ts";

const SLUG = "business-name-transfer";
const issuesOf = (change: Change) => issuesIn(SLUG, answersFor(SLUG, change));
const refused = (change: Change) => refusal(SLUG, change);
const text = (change: Change = () => {}) => documentText(SLUG, answersFor(SLUG, change));
const paths = (change: Change) => issuesOf(change).map((issue) => issue.path);

/** An individual buyer (the sample's buyer is a company). */
const individualBuyer = (a: Answers) => {
  a.buyer = {
    party_type: "individual",
    first_name: "Mei",
    middle_name: "",
    last_name: "Wong",
    email: "mei.wong@example.com",
    street: "3 Example Street",
    suburb: "Ryde",
    state: "NSW",
    postcode: "2112",
  };
  a.buyer_age = "adult";
};

/** A company seller with two directors who both sign (s127(1)(a)). */
const companySeller = (a: Answers) => {
  a.seller = {
    party_type: "company",
    name: "Smith Bakery Holdings",
    legal_element: "PTY LTD",
    acn: "612345678",
    street: "42 Example Road",
    suburb: "Parramatta",
    state: "NSW",
    postcode: "2150",
    director_type: "multiple",
    directors: [
      { name: "Robert James Smith", email: "robert.smith@example.com", signs: "Yes" },
      { name: "Anne Smith", email: "anne.smith@example.com", signs: "Yes" },
    ],
  };
  delete a.seller_age;
};

describe("business name transfer: what the interview refuses", () => {
  it("refuses a buyer without an ABN, and asks for the ABN only of a buyer that has one", () => {
    const issues = refused((a) => {
      a.buyer_has_abn = "No";
      delete a.buyer_abn;
    });
    expect(issues.map((issue) => issue.path)).toEqual(["buyer_has_abn"]);
    expect(issues[0]?.message).toContain("The Buyer must hold an ABN before the transfer");
    // A Yes without the number is incomplete; a malformed number is refused by its format.
    expect(paths((a) => delete a.buyer_abn)).toEqual(["buyer_abn"]);
    expect(paths((a) => (a.buyer_abn = "53004085617"))).toEqual(["buyer_abn"]);
  });

  it("refuses a name the register does not show as the Seller's (s42)", () => {
    const issues = refused((a) => {
      a.registered_to_seller = "No";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["registered_to_seller"]);
    expect(issues[0]?.message).toContain("(s42 Business Names Registration Act 2011)");
  });

  it("refuses a seller or buyer under 18, and asks the age only of an individual", () => {
    const seller = refused((a) => {
      a.seller_age = "minor";
    });
    expect(seller.map((issue) => issue.path)).toEqual(["seller_age"]);
    expect(seller[0]?.message).toContain("The Seller must be 18 or over");
    const buyer = refused((a) => {
      individualBuyer(a);
      a.buyer_age = "minor";
    });
    expect(buyer.map((issue) => issue.path)).toEqual(["buyer_age"]);
    expect(buyer[0]?.message).toContain("The Buyer must be 18 or over");
    // The sample's buyer is a company: its age is not asked, so an answer left over is ignored.
    expect(paths((a) => (a.buyer_age = "minor"))).toEqual([]);
    expect(paths((a) => individualBuyer(a))).toEqual([]);
    expect(
      paths((a) => {
        individualBuyer(a);
        delete a.buyer_age;
      }),
    ).toEqual(["buyer_age"]);
  });

  it("refuses a registration that ends on or before completion, or before the agreement (a lapsed name)", () => {
    const onCompletion = refused((a) => {
      a.registration_expiry = "01/12/2026";
    });
    // The check reports beside the earlier date, the one a renewal would let stand.
    expect(onCompletion.map((issue) => issue.path)).toEqual(["completion_date"]);
    expect(onCompletion[0]?.message).toContain("ends on or before the completion date");
    const lapsed = refused((a) => {
      a.registration_expiry = "19/11/2026";
    });
    expect(lapsed.map((issue) => issue.path).sort()).toEqual(["agreement_date", "completion_date"]);
    expect(lapsed.map((issue) => issue.message).join(" ")).toContain(
      "has ended by the date of the agreement",
    );
    // The day after completion is enough.
    expect(paths((a) => (a.registration_expiry = "02/12/2026"))).toEqual([]);
  });

  it("refuses completion before the agreement, and accepts completion on its day", () => {
    const issues = refused((a) => {
      a.completion_date = "19/11/2026";
    });
    expect(issues.map((issue) => issue.message)).toContain(
      "The completion date cannot be before the date of the agreement.",
    );
    expect(paths((a) => (a.completion_date = "20/11/2026"))).toEqual([]);
  });

  it("refuses Norfolk Island as the governing law, and drafts for every state and mainland territory", () => {
    const issues = refused((a) => {
      a.jurisdiction = "NFK";
    });
    expect(issues.map((issue) => issue.path)).toEqual(["jurisdiction"]);
    expect(issues[0]?.message).toContain("Norfolk Island's applied laws differ");
    const names: Record<string, string> = {
      NSW: "New South Wales",
      VIC: "Victoria",
      QLD: "Queensland",
      WA: "Western Australia",
      SA: "South Australia",
      TAS: "Tasmania",
      ACT: "Australian Capital Territory",
      NT: "Northern Territory",
    };
    for (const jurisdiction of JURISDICTIONS)
      expect(
        text((a) => (a.jurisdiction = jurisdiction)),
        jurisdiction,
      ).toContain(`governed by the laws of ${names[jurisdiction]}`);
  });

  it("refuses the same entity as Seller and Buyer", () => {
    const issues = refused((a) => {
      individualBuyer(a);
      a.buyer = { ...(a.buyer as Answers), first_name: "Robert", middle_name: "James", last_name: "Smith" };
    });
    expect(issues.map((issue) => issue.path)).toContain("buyer");
    expect(issues.map((issue) => issue.message).join(" ")).toContain(
      "The Seller and the Buyer must be different entities",
    );
  });
});

describe("business name transfer: what it drafts", () => {
  it("sets out the Registrar's cancel-and-transfer process, in the order that protects each side", () => {
    const doc = text();
    for (const point of [
      "The Act does not allow a registered business name to be assigned",
      "Registrar means the Australian Securities and Investments Commission, or any other body that keeps the Register",
      "not lodge a Transfer Request, or any other notice asking the Registrar to cancel the registration of the Business Name, except as clause 4 requires",
      "The Seller must not lodge the Transfer Request before it has received the payment in clause 4.1(a)",
      "giving the Buyer’s ABN 53 004 085 616 and the Consent to Transfer Number, within 5 Business Days",
      "if the application is not made within three months after the Transfer Request",
      "at least 28 days’ notice before cancelling the Seller’s registration (section 42(3) of the Act)",
      "an offence under section 18 of the Act",
      "as section 19 of the Act requires",
      "does not give its holder an exclusive or proprietary right in the name",
    ])
      expect(doc).toContain(point);
  });

  it("warrants the registration to the Seller under its ABN, to the end of the period answered", () => {
    expect(text()).toContain(
      "the Business Name is registered to the Seller on the Register, under the Seller’s ABN 51 824 753 556, and to no other entity, and the registration period ends no earlier than 14 March 2028",
    );
  });

  it("drafts goodwill assigned, or the name alone", () => {
    expect(text()).toContain("The Seller assigns to the Buyer, with effect from Completion, the goodwill");
    const alone = text((a) => (a.goodwill = "No"));
    expect(alone).toContain("No goodwill, and no other asset of any business the Seller carries on, is sold");
    expect(alone).not.toContain("assigns to the Buyer");
  });

  it("drafts GST on top of the price for a registered seller, and none for an unregistered one", () => {
    const registered = text();
    expect(registered).toContain("The Price does not include GST");
    expect(registered).toContain("the Buyer pays the Price and the GST under clause 7");
    expect(registered).toContain("$15,000.00 plus GST");
    const unregistered = text((a) => (a.seller_gst = "No"));
    expect(unregistered).toContain("not registered, and not required to be registered, for GST");
    expect(unregistered).toContain("$15,000.00 (no GST)");
    expect(unregistered).not.toContain("tax invoice the Seller gives");
  });

  it("executes for a company under s127 (two directors; sole director and secretary) and for a trust as trustee", () => {
    const sole = text();
    expect(sole).toContain(
      "Executed by Smith Holdings Pty Ltd ACN 004 085 616 in accordance with section 127 of the Corporations Act 2001 (Cth)",
    );
    expect(sole).toContain("Signature of sole director and sole company secretary");
    const two = text(companySeller);
    expect(two).toContain(
      "Executed by Smith Bakery Holdings Pty Ltd ACN 612 345 678 in accordance with section 127",
    );
    expect(two.match(/Signature of director Name:/g)?.length).toBe(2);
    const trust = text((a) => {
      a.seller = {
        party_type: "trust",
        name: "Smith Family Trust",
        trustees: [
          {
            party_type: "individual",
            first_name: "Robert",
            middle_name: "James",
            last_name: "Smith",
            email: "robert.smith@example.com",
            street: "42 Example Road",
            suburb: "Parramatta",
            state: "NSW",
            postcode: "2150",
          },
        ],
      };
      delete a.seller_age;
    });
    expect(trust).toContain("Robert James Smith as trustee for the Smith Family Trust");
    expect(trust).toContain("as trustee of the trust named in it, and the trust deed allows the sale");
  });
});
