import type { ExecutionBlock } from "../signers.ts";

/** A will-maker and two witnesses, one with an answered address and one to write it in by hand. */
export const WITNESSED_WILL: ExecutionBlock = {
  partyId: "will_maker",
  partyPath: "will_maker",
  kind: "individual",
  partyName: "Eleanor Whitfield",
  signatories: [
    {
      role: "signer",
      fullName: "Eleanor Whitfield",
      email: null,
      capacity: "",
      metaKey: "w_signature",
      dateKey: "w_date",
    },
    ...[
      ["Gregory Tan", "9 Sample Lane, Paddington QLD 4064"],
      ["Sophie Marchetti", ""],
    ].map(([fullName = "", address = ""], index) => ({
      role: "witness" as const,
      fullName,
      email: null,
      capacity: "Witness",
      address,
      metaKey: `w_witness_${index + 1}_signature`,
      dateKey: `w_witness_${index + 1}_date`,
      witnessOf: "w_signature",
    })),
  ],
};
