import { describe, expect, it } from "vitest";
import { offersHardCopy, offersLegalReview } from "./FulfilmentActions";

// The web offers "Legal review" and "Order hard copy" from the server's abilities only: a
// completed document the reader may not order for offers neither, and a signed one the server
// says may have a hard copy offers it, whatever the status alone would suggest.
describe("Legal review and Order hard copy follow the row's abilities", () => {
  it("a completed document the server refuses offers neither", () => {
    const row = {
      status: 5 as const,
      may_legal_review: false,
      may_order_hard_copy: false,
      legal_review_upgrade: false,
    };
    expect(offersLegalReview(row)).toBe(false);
    expect(offersHardCopy(row)).toBe(false);
  });

  it("each is offered where the server allows it; Lite's review as the upgrade notice", () => {
    expect(offersLegalReview({ status: 5, may_legal_review: true })).toBe(true);
    expect(offersLegalReview({ status: 5, legal_review_upgrade: true })).toBe(true);
    expect(offersHardCopy({ status: 3, may_order_hard_copy: true })).toBe(true);
  });

  it("a row from a server without the fulfilment module offers nothing", () => {
    expect(offersLegalReview({ status: 5 })).toBe(false);
    expect(offersHardCopy({ status: 5 })).toBe(false);
  });
});
