// Signer phones (interview-signing spec §5, §9): stored as the area code, a dash, then the
// number; the area code is chosen from a list, +61 by default. A number is checked as E.164 for
// the chosen country: the digits after the area code (spaces, parentheses and hyphens ignored)
// must be a national significant number of that country's length, so without the trunk '0'
// people write at home (0412 345 678 is +61-412 345 678).

export type PhoneAreaCode = {
  code: string;
  country: string;
  /** Lengths of the national significant number (digits after the area code). */
  lengths: readonly number[];
};

/**
 * The countries offered, Australia first. Lengths are of mobile numbers (SMS codes go to
 * mobiles), from each country's numbering plan as published with the ITU's E.164 list.
 */
export const PHONE_AREA_CODES: readonly PhoneAreaCode[] = [
  { code: "+61", country: "Australia", lengths: [9] },
  { code: "+64", country: "New Zealand", lengths: [8, 9, 10] },
  { code: "+44", country: "United Kingdom", lengths: [10] },
  { code: "+1", country: "United States and Canada", lengths: [10] },
  { code: "+65", country: "Singapore", lengths: [8] },
  { code: "+852", country: "Hong Kong", lengths: [8] },
  { code: "+86", country: "China", lengths: [11] },
  { code: "+91", country: "India", lengths: [10] },
  { code: "+60", country: "Malaysia", lengths: [9, 10] },
  { code: "+62", country: "Indonesia", lengths: [9, 10, 11, 12] },
  { code: "+63", country: "Philippines", lengths: [10] },
  { code: "+81", country: "Japan", lengths: [10] },
  { code: "+27", country: "South Africa", lengths: [9] },
  { code: "+679", country: "Fiji", lengths: [7] },
  { code: "+675", country: "Papua New Guinea", lengths: [8] },
];

export const PHONE_AREA_CODE_UNKNOWN = "Please choose the phone's country area code from the list.";
export const phoneDigitsWrong = (area: PhoneAreaCode) =>
  `A mobile number in ${area.country} (${area.code}) has ${area.lengths.join(" or ")} digits after the area code, without a leading 0.`;

/** The area code and the number of a stored '+61-412 345 678', or null when it has no dash. */
export function splitPhone(phone: string): { code: string; number: string } | null {
  const dash = phone.indexOf("-");
  if (dash < 0) return null;
  return { code: phone.slice(0, dash).trim(), number: phone.slice(dash + 1).trim() };
}

/**
 * Why a stored phone is not a valid number for its area code, or null when it is. The shape
 * (area code, dash, digits) is checked by the caller first; this is the country's rule.
 */
export function phoneForAreaCodeError(phone: string): string | null {
  const parts = splitPhone(phone.trim());
  if (!parts) return null;
  const area = PHONE_AREA_CODES.find((a) => a.code === parts.code);
  if (!area) return PHONE_AREA_CODE_UNKNOWN;
  const digits = parts.number.replace(/[\s()-]/g, "");
  if (!/^[1-9]\d*$/.test(digits) || !area.lengths.includes(digits.length)) return phoneDigitsWrong(area);
  // E.164 allows at most 15 digits with the country code; every length above is within it.
  return null;
}
