import { FULFILMENT_MESSAGES, LITE_PLAN_NOTICE } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { postcodeFitsState, requestRefusal } from "./policy.ts";
import { legalReviewFee, parseLegalReviewFees, parseShippingOptions } from "./settings.ts";

const creator = { userId: 1, role: "member", planSlug: "best-practice" } as const;
const owner = { userId: 2, role: "owner", planSlug: "best-practice" } as const;
const member = { userId: 3, role: "member", planSlug: "best-practice" } as const;
const lite = { ...creator, planSlug: "ly-basic" } as const;
const doc = (status: 1 | 2 | 3 | 4 | 5, isShared = false) => ({ createdBy: 1, status, isShared });
const none = { section: undefined, ownerConfirmed: false };

describe("who may ask for a legal review or a hard copy", () => {
  it("legal review: not the Lite plan; the creator, owner or manager; a completed document", () => {
    expect(requestRefusal("legal_review", creator, doc(5), none)).toBeNull();
    expect(requestRefusal("legal_review", lite, doc(5), none)).toEqual({
      status: 403,
      message: LITE_PLAN_NOTICE,
    });
    expect(requestRefusal("legal_review", member, doc(5, true), none)?.message).toBe(
      FULFILMENT_MESSAGES.refused,
    );
    for (const status of [1, 2, 3, 4] as const)
      expect(requestRefusal("legal_review", creator, doc(status), none)?.message).toBe(
        FULFILMENT_MESSAGES.legalReviewNotCompleted,
      );
  });

  it("hard copy: the Lite plan may; completed or signed", () => {
    expect(requestRefusal("hard_copy", lite, doc(5), none)).toBeNull();
    expect(requestRefusal("hard_copy", creator, doc(3), none)).toBeNull();
    for (const status of [1, 2, 4] as const)
      expect(requestRefusal("hard_copy", creator, doc(status), none)?.message).toBe(
        FULFILMENT_MESSAGES.hardCopyNotReady,
      );
  });

  it("an owner on a member's document from Organisation Documents confirms first", () => {
    const fromOrganisation = { section: 3 as const, ownerConfirmed: false };
    expect(requestRefusal("hard_copy", owner, doc(5), fromOrganisation)?.message).toBe(
      FULFILMENT_MESSAGES.ownerConfirmation,
    );
    expect(requestRefusal("hard_copy", owner, doc(5), { section: 3, ownerConfirmed: true })).toBeNull();
    // From Shared Folders, or their own document, no confirmation.
    expect(
      requestRefusal("hard_copy", owner, doc(5, true), { section: 2, ownerConfirmed: false }),
    ).toBeNull();
    expect(requestRefusal("hard_copy", creator, doc(5), fromOrganisation)).toBeNull();
    // Reading the state (no confirmation asked) never refuses for it.
    expect(requestRefusal("hard_copy", owner, doc(5), null)).toBeNull();
  });
});

describe("Australian postcodes", () => {
  it("takes a state's own postcodes and a neighbour's (border towns), not a distant state's", () => {
    expect(postcodeFitsState("2000", "NSW")).toBe(true);
    expect(postcodeFitsState("0800", "NT")).toBe(true);
    expect(postcodeFitsState("2600", "ACT")).toBe(true);
    expect(postcodeFitsState("3500", "NSW")).toBe(true);
    expect(postcodeFitsState("6000", "NSW")).toBe(false);
    expect(postcodeFitsState("3000", "TAS")).toBe(false);
    expect(postcodeFitsState("7000", "TAS")).toBe(true);
    expect(postcodeFitsState("0100", "NT")).toBe(false);
  });
});

describe("prices from the settings", () => {
  it("reads fees by template, with a fallback, and refuses a malformed setting by name", () => {
    const fees = parseLegalReviewFees("discretionary-trust-deed=220, *=440.50");
    const settings = { legalReviewFees: fees };
    expect(legalReviewFee(settings, "discretionary-trust-deed")).toBe(22_000);
    expect(legalReviewFee(settings, "mutual-nda")).toBe(44_050);
    expect(legalReviewFee({ ...settings, legalReviewFees: parseLegalReviewFees("x=1") }, "y")).toBeNull();
    expect(() => parseLegalReviewFees("trust=two hundred")).toThrow("LEGAL_REVIEW_FEES");
    expect(parseShippingOptions("a|Post|10;b|Express|20.5")).toEqual([
      { id: "a", label: "Post", price: 1000 },
      { id: "b", label: "Express", price: 2050 },
    ]);
    expect(() => parseShippingOptions("a|Post|10;a|Again|5")).toThrow("HARD_COPY_SHIPPING");
    expect(() => parseShippingOptions("")).toThrow("HARD_COPY_SHIPPING");
  });
});
