import {
  type ConfirmSigner,
  type FieldError,
  WITNESS_IS_PARTY,
  WITNESS_IS_SIGNER,
  WITNESS_NOT_ADULT,
} from "@precedent/contracts";
import { type Answers, signers as signersOf } from "@precedent/docgen";

/** Names compare without case, accents, punctuation or repeated spaces ("Jane  O'Brien" = "jane obrien"). */
export const normalisedName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();

export const normalisedEmail = (email: string) => email.normalize("NFKC").trim().toLowerCase();

/**
 * The witness rule (issue 31 item 5): a witness must be a different person from every signer of
 * the document (name or email, compared normalised), not a party to it, and 18 or over, which the
 * sender confirms (the product holds no date of birth). Each failure names the witness and the field.
 */
export function witnessErrors(input: {
  signer: Pick<ConfirmSigner, "full_name" | "email" | "meta_key">[];
  isWitness: (metaKey: string) => boolean;
  /** The names of the document's parties (people and entities), as the interview gives them. */
  partyNames: string[];
  witnessesAdult: boolean;
}): FieldError[] {
  const errors: FieldError[] = [];
  const entries = input.signer.map((s, index) => ({
    index,
    name: normalisedName(s.full_name),
    email: normalisedEmail(s.email),
    shown: s.full_name.trim() || s.email.trim() || "A witness",
    witness: input.isWitness(s.meta_key),
  }));
  const signers = entries.filter((e) => !e.witness);
  const parties = new Set(input.partyNames.map(normalisedName).filter(Boolean));
  for (const w of entries.filter((e) => e.witness)) {
    const sameEmail = w.email !== "" && signers.some((s) => s.email === w.email);
    const sameName = w.name !== "" && signers.some((s) => s.name === w.name);
    if (sameEmail || sameName) {
      errors.push({
        field: `signer.${w.index}.${sameEmail ? "email" : "full_name"}`,
        message: WITNESS_IS_SIGNER(w.shown),
      });
    } else if (w.name !== "" && parties.has(w.name)) {
      errors.push({ field: `signer.${w.index}.full_name`, message: WITNESS_IS_PARTY(w.shown) });
    }
  }
  if (entries.some((e) => e.witness) && !input.witnessesAdult) {
    errors.push({ field: "witnesses_adult", message: WITNESS_NOT_ADULT });
  }
  return errors;
}

/** The rule's input from the document's template and answers and the wizard's request. */
export function witnessRuleInput(
  template: { definition: Parameters<typeof signersOf>[0] },
  answers: Answers,
  request: { signer: Pick<ConfirmSigner, "full_name" | "email" | "meta_key">[]; witnesses_adult: boolean },
) {
  const parties = signersOf(template.definition, answers);
  const witnessKeys = new Set(parties.flatMap((p) => p.witnesses.map((w) => w.metaKey)));
  return {
    signer: request.signer,
    isWitness: (metaKey: string) => witnessKeys.has(metaKey),
    partyNames: parties.map((p) => p.partyName),
    witnessesAdult: request.witnesses_adult,
  };
}
