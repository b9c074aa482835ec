import type { SigningPageState } from "@precedent/contracts";
import type { EnvelopeStatus, RecipientStatus } from "../schema.ts";

export type RecipientStanding = {
  id: number;
  role: "signer" | "witness";
  status: RecipientStatus;
  groupIndex: number;
  witnessOfRecipientId: number | null;
};

/**
 * Where one recipient stands (issue 15 §3). The envelope's end states come first, then their own
 * answer, then the link's expiry, then the order: every recipient of an earlier group must have
 * signed, and a witness waits for the person they witness.
 */
export function signingPageState(input: {
  envelopeStatus: EnvelopeStatus;
  recipient: RecipientStanding;
  others: RecipientStanding[];
  expired: boolean;
}): SigningPageState {
  const { envelopeStatus, recipient, others } = input;
  if (envelopeStatus === "void") return "void";
  if (envelopeStatus === "cancelled") return "cancelled";
  if (recipient.status === "declined") return "declined";
  if (envelopeStatus === "rejected") return "rejected";
  if (envelopeStatus === "completed") return "completed";
  if (recipient.status === "signed") return "signed";
  if (input.expired) return "expired";
  if (others.some((other) => other.groupIndex < recipient.groupIndex && other.status !== "signed")) {
    return "not-your-turn";
  }
  if (recipient.role === "witness") {
    const signer = others.find((other) => other.id === recipient.witnessOfRecipientId);
    if (signer?.status !== "signed") return "waiting-for-signer";
  }
  return "ready";
}

/** The message a refused action answers with, for each state that is not `ready`. */
export const SIGNING_STATE_MESSAGES: Record<Exclude<SigningPageState, "ready">, string> = {
  "not-your-turn": "It is not yet your turn to sign: an earlier signing group has not finished.",

  "waiting-for-signer": "You can witness only after the person you witness has signed.",
  signed: "You have already signed this document.",
  declined: "You have declined to sign this document.",
  completed: "This document has been signed by everyone.",
  rejected: "This signing request has ended: someone declined to sign.",
  void: "This signing request was withdrawn by the sender.",
  cancelled: "This signing request was cancelled by the sender.",
  expired: "This signing link has expired.",
};

/**
 * "Not your turn", naming whose turn it is: the first group with anyone yet to sign (not simply
 * "an earlier group"), and who in it has not signed.
 */
export function notYourTurnMessage(
  recipient: { groupIndex: number },
  everyone: { groupIndex: number; groupName: string; fullName: string; status: RecipientStatus }[],
): string {
  const waiting = everyone.filter((r) => r.groupIndex < recipient.groupIndex && r.status !== "signed");
  const current = Math.min(...waiting.map((r) => r.groupIndex));
  const names = waiting.filter((r) => r.groupIndex === current).map((r) => r.fullName);
  const group = waiting.find((r) => r.groupIndex === current)?.groupName;
  if (!group || names.length === 0) return SIGNING_STATE_MESSAGES["not-your-turn"];
  return `It is not yet your turn to sign: it is the turn of the ${group} (${names.join(", ")}). We will email you when your turn comes.`;
}
