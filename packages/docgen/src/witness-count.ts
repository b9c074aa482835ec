/**
 * How many witnesses an individual's signature needs, fixed in the interview or chosen by an answer:
 * a general power of attorney made in New South Wales needs one witness, where the same document in
 * Victoria is witnessed by two. The count by answer names a question beside the party (looked up as
 * conditions are, from the party's level outwards), the count for each of its answers, and the count
 * for any other answer (or none yet).
 */
import type { Condition } from "./condition-schema.ts";

/** A number of witnesses: none, one, or two (as for a will). */
export type WitnessNumber = 0 | 1 | 2;

/** The witnesses' number chosen by the answer to `by`. */
export type WitnessesByAnswer = {
  readonly by: string;
  /** The number for each answer named (the option values of a select question). */
  readonly counts: Readonly<Record<string, WitnessNumber>>;
  /** The number for any other answer, and while `by` is unanswered. */
  readonly otherwise: WitnessNumber;
};

/** What a reference question says of its witnesses. */
export type Witnesses = WitnessNumber | WitnessesByAnswer;

/** The most witnesses any answer calls for: which witness questions the party has at all. */
export function mostWitnesses(witnesses: Witnesses): WitnessNumber {
  if (typeof witnesses === "number") return witnesses;
  return Math.max(witnesses.otherwise, ...Object.values(witnesses.counts)) as WitnessNumber;
}

/** The number of witnesses for the answer given to the `by` question (undefined: none given). */
export function witnessCount(witnesses: Witnesses, answer: string | undefined): WitnessNumber {
  if (typeof witnesses === "number") return witnesses;
  return answer !== undefined && Object.hasOwn(witnesses.counts, answer)
    ? (witnesses.counts[answer] ?? witnesses.otherwise)
    : witnesses.otherwise;
}

/**
 * When the `ordinal`th witness (1 or 2) is asked for: always for a fixed number, otherwise while the
 * answer calls for at least that many. Undefined means always; null means never.
 */
export function witnessCondition(witnesses: Witnesses, ordinal: 1 | 2): Condition | undefined | null {
  if (typeof witnesses === "number") return witnesses >= ordinal ? undefined : null;
  const entries = Object.entries(witnesses.counts);
  const fewer = entries.filter(([, count]) => count < ordinal).map(([answer]) => answer);
  const enough = entries.filter(([, count]) => count >= ordinal).map(([answer]) => answer);
  if (witnesses.otherwise >= ordinal) {
    // Shown unless the answer is one that calls for fewer (so it is asked before the answer is given).
    return fewer.length === 0 ? undefined : { not: { questionId: witnesses.by, oneOf: fewer } };
  }
  return enough.length === 0 ? null : { questionId: witnesses.by, oneOf: enough };
}
