import { describe, expect, it } from "vitest";
import { type RecipientStanding, signingPageState } from "./policy.ts";

const signer = (over: Partial<RecipientStanding> = {}): RecipientStanding => ({
  id: 1,
  role: "signer",
  status: "pending",
  groupIndex: 0,
  witnessOfRecipientId: null,
  ...over,
});

describe("signingPageState", () => {
  const base = { envelopeStatus: "pending" as const, expired: false };

  it("is ready for a first-group signer with no one ahead", () => {
    expect(
      signingPageState({ ...base, recipient: signer(), others: [signer({ id: 2, groupIndex: 1 })] }),
    ).toBe("ready");
  });

  it("is not your turn while anyone of an earlier group has not signed", () => {
    const later = signer({ id: 2, groupIndex: 1 });
    expect(signingPageState({ ...base, recipient: later, others: [signer()] })).toBe("not-your-turn");
    expect(signingPageState({ ...base, recipient: later, others: [signer({ status: "signed" })] })).toBe(
      "ready",
    );
  });

  it("keeps a witness waiting until their signer has signed", () => {
    const witness = signer({ id: 2, role: "witness", witnessOfRecipientId: 1 });
    expect(signingPageState({ ...base, recipient: witness, others: [signer()] })).toBe("waiting-for-signer");
    expect(signingPageState({ ...base, recipient: witness, others: [signer({ status: "signed" })] })).toBe(
      "ready",
    );
  });

  it("puts the envelope's end states and the link's expiry before the order", () => {
    const later = signer({ groupIndex: 1 });
    const others = [signer({ id: 2 })];
    expect(signingPageState({ ...base, envelopeStatus: "void", recipient: later, others })).toBe("void");
    expect(signingPageState({ ...base, envelopeStatus: "rejected", recipient: later, others })).toBe(
      "rejected",
    );
    expect(
      signingPageState({
        ...base,
        envelopeStatus: "rejected",
        recipient: signer({ status: "declined" }),
        others,
      }),
    ).toBe("declined");
    expect(signingPageState({ ...base, envelopeStatus: "completed", recipient: later, others })).toBe(
      "completed",
    );
    expect(signingPageState({ ...base, expired: true, recipient: later, others })).toBe("expired");
    expect(
      signingPageState({ ...base, expired: true, recipient: signer({ status: "signed" }), others }),
    ).toBe("signed");
  });
});
