/**
 * Whether a document may be signed electronically: one table, each rule with its source, read
 * before a signing request is sent. The law moves (Queensland's deeds changed in 2025); update the
 * rows here, and the check, the wizard's message and the tests follow.
 *
 * Reviewed for the law as known in November 2026. Where a jurisdiction has not clearly allowed
 * electronic deeds by individuals, the rule refuses: signing on paper is always valid, while an
 * electronic deed that is not is a deed that does not bind.
 */

export type DocumentKind = "will" | "deed" | "agreement";
export type SignerKind = "individual" | "company";
export type GoverningLaw = "NSW" | "VIC" | "QLD" | "SA" | "WA" | "TAS" | "ACT" | "NT" | "NFI";

export type ExecutionRule = {
  /** What the rule covers, in the product's words. */
  readonly rule: string;
  readonly documentKinds: readonly DocumentKind[];
  readonly signerKind: SignerKind | "any";
  /** The governing laws the rule covers; "any" for all. */
  readonly laws: readonly GoverningLaw[] | "any";
  readonly electronic: boolean;
  /** How a witness may see an electronic signing, where the rule allows one. */
  readonly witnessing?: "in-person" | "in-person-or-audio-visual" | "not-required";
  readonly source: string;
};

/** First matching row wins: wills first, then companies, then individuals by governing law. */
export const EXECUTION_RULES: readonly ExecutionRule[] = [
  {
    rule: "A will is signed on paper before two witnesses present together",
    documentKinds: ["will"],
    signerKind: "any",
    laws: "any",
    electronic: false,
    source:
      "Succession Act 2006 (NSW) s 6; Wills Act 1997 (Vic) s 7; Succession Act 1981 (Qld) s 10; Wills Act 1936 (SA) s 8; Wills Act 1970 (WA) s 8; Wills Act 2008 (Tas) s 8; Wills Act 1968 (ACT) s 9; Wills Act 2000 (NT) s 8",
  },
  {
    rule: "A company executes documents and deeds electronically by its directors or director and secretary",
    documentKinds: ["deed", "agreement"],
    signerKind: "company",
    laws: "any",
    electronic: true,
    witnessing: "not-required",
    source:
      "Corporations Act 2001 (Cth) ss 110A, 127(1) and 127(3A) (Corporations Amendment (Meetings and Documents) Act 2022)",
  },
  {
    rule: "An individual may sign an agreement electronically",
    documentKinds: ["agreement"],
    signerKind: "individual",
    laws: "any",
    electronic: true,
    witnessing: "in-person-or-audio-visual",
    source:
      "Electronic Transactions Act 1999 (Cth) s 10 and the states' and territories' Electronic Transactions Acts",
  },
  {
    rule: "An individual's deed in New South Wales may be signed electronically and witnessed by audio-visual link",
    documentKinds: ["deed"],
    signerKind: "individual",
    laws: ["NSW"],
    electronic: true,
    witnessing: "in-person-or-audio-visual",
    source:
      "Conveyancing Act 1919 (NSW) s 38A; Electronic Transactions Act 2000 (NSW) Pt 2B (audio visual witnessing)",
  },
  {
    rule: "An individual's deed in Victoria may be signed electronically, witnessed remotely the same day with the witness's statement",
    documentKinds: ["deed"],
    signerKind: "individual",
    laws: ["VIC"],
    electronic: true,
    witnessing: "in-person-or-audio-visual",
    source:
      "Electronic Transactions (Victoria) Act 2000 Pt 2A (electronic signing and remote witnessing of deeds)",
  },
  {
    rule: "An individual's deed in Queensland may be signed electronically and needs no witness",
    documentKinds: ["deed"],
    signerKind: "individual",
    laws: ["QLD"],
    electronic: true,
    witnessing: "not-required",
    source: "Property Law Act 2023 (Qld) Pt 6 Div 1 (deeds), in force from 1 August 2025",
  },
  {
    rule: "An individual's deed elsewhere is signed on paper (electronic deeds by individuals are not yet clearly allowed)",
    documentKinds: ["deed"],
    signerKind: "individual",
    laws: "any",
    electronic: false,
    source:
      "Law of Property Act 1936 (SA) s 41; Property Law Act 1969 (WA) s 9; Conveyancing and Law of Property Act 1884 (Tas) s 63; Civil Law (Property) Act 2006 (ACT) s 219; Law of Property Act 2000 (NT) s 47",
  },
];

/** The refusal names the rule it applied and the law behind it, so the sender can check it. */
export const PAPER_SIGNING_MESSAGE = (reason: string, source: string) =>
  `This document cannot be signed electronically: ${reason}. Rule applied: ${source}. Please print it and sign it on paper.`;
export const ELECTRONIC_OK = "This document may be signed electronically.";

/** The governing law as the interviews answer it: a state code of the jurisdictions list, or null. */
export function governingLawOf(answers: Record<string, unknown>): GoverningLaw | null {
  for (const key of ["jurisdiction", "governing_law", "state_of_law"]) {
    const value = answers[key];
    if (typeof value === "string" && /^(NSW|VIC|QLD|SA|WA|TAS|ACT|NT|NFI)$/.test(value.toUpperCase())) {
      return value.toUpperCase() as GoverningLaw;
    }
  }
  return null;
}

const covers = (rule: ExecutionRule, kind: DocumentKind, signer: SignerKind, law: GoverningLaw | null) =>
  rule.documentKinds.includes(kind) &&
  (rule.signerKind === "any" || rule.signerKind === signer) &&
  (rule.laws === "any" || (law !== null && rule.laws.includes(law)));

/**
 * Whether this document kind, under this governing law, signed by these kinds of signer, may be
 * signed electronically: every signer kind must have an allowing rule. The first refusal names why.
 */
export function checkElectronicExecution(input: {
  kind: DocumentKind;
  law: GoverningLaw | null;
  signerKinds: readonly SignerKind[];
}): { electronic: boolean; message: string; rules: ExecutionRule[] } {
  const kinds = [...new Set(input.signerKinds)];
  const applied: ExecutionRule[] = [];
  for (const signer of kinds.length > 0 ? kinds : (["individual"] as const)) {
    const rule = EXECUTION_RULES.find((candidate) => covers(candidate, input.kind, signer, input.law));
    if (!rule) continue;
    applied.push(rule);
    if (!rule.electronic) {
      return {
        electronic: false,
        message: PAPER_SIGNING_MESSAGE(rule.rule.toLowerCase(), rule.source),
        rules: applied,
      };
    }
  }
  return { electronic: true, message: ELECTRONIC_OK, rules: applied };
}
