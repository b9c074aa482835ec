import { ASIC_ADDRESS_CHECK_UNCLEAR, type CheckAddressRequest } from "@precedent/contracts";

/** One address as checked, for the Address Verification Result modal. */
export type AddressResult = {
  label: string;
  /** The address on one line, as the user entered it. */
  text: string;
  isValid: boolean;
  /** What the check found wrong, in the server's words; empty when valid. */
  problems: string[];
};

/** The check's `isValid` as the spec reads it: true or false, also as strings; anything else is no answer. */
export function addressVerdict(isValid: unknown): boolean | undefined {
  if (isValid === true || isValid === "true") return true;
  if (isValid === false || isValid === "false") return false;
  return undefined;
}

const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

function addressAt(answers: Record<string, unknown>, prefix: "office" | "business") {
  return {
    street: text(answers[`${prefix}_street`]),
    suburb: text(answers[`${prefix}_suburb`]),
    // The server refuses a state outside the list with its own message.
    state: text(answers[`${prefix}_state`]) as CheckAddressRequest["state"],
    postcode: text(answers[`${prefix}_postcode`]),
  };
}

/**
 * The two addresses the registration interview asks for (interview spec §4): the registered
 * office, and the principal place of business, which is the registered office when the answer to
 * 'Is the principal place of business at the registered office?' is Yes.
 */
export function registrationAddresses(answers: Record<string, unknown>) {
  const office = addressAt(answers, "office");
  const sameAsOffice = answers.business_same === "Yes";
  return { office, business: sameAsOffice ? office : addressAt(answers, "business"), sameAsOffice };
}

export const addressLine = (address: Omit<CheckAddressRequest, "doc_id">) =>
  [address.street, address.suburb, [address.state, address.postcode].filter(Boolean).join(" ")]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");

/**
 * Checks the registered office and the principal place of business before payment, once each
 * (once in all when they are the same address). A failed call throws with its message; an
 * answer that is neither true nor false throws too, as an error and not a warning.
 */
export async function verifyRegistrationAddresses(
  answers: Record<string, unknown>,
  check: (address: Omit<CheckAddressRequest, "doc_id">) => Promise<{ isValid: unknown; problems: string[] }>,
): Promise<AddressResult[]> {
  const { office, business, sameAsOffice } = registrationAddresses(answers);
  const judge = async (address: typeof office) => {
    const reply = await check(address);
    const isValid = addressVerdict(reply.isValid);
    if (isValid === undefined) throw new Error(ASIC_ADDRESS_CHECK_UNCLEAR);
    return { text: addressLine(address), isValid, problems: isValid ? [] : reply.problems };
  };
  const officeResult = await judge(office);
  const businessResult = sameAsOffice ? officeResult : await judge(business);
  return [
    { label: "Registered office address", ...officeResult },
    { label: "Principal place of business address", ...businessResult },
  ];
}
