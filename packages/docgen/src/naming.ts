/**
 * How a party is named in a document: exactly as answered, companies with their legal element and
 * ACN, trusts through their trustees ("… as trustee for the Smith Family Trust").
 */
import { isAnswerObject, readPath } from "./answers.ts";
import { JURISDICTIONS } from "./constants.ts";
import { formatAcn } from "./identifiers.ts";
import { PARTY_TYPE_FIELD } from "./parties.ts";

const textAt = (party: unknown, path: string): string => {
  const value = readPath(party, path);
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
};

const join = (...parts: string[]): string => parts.filter((part) => part !== "").join(" ");

/** Joins names as prose: "A", "A and B", "A, B and C". */
export function joinAnd(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** An individual's full name: first, middle and last. */
export function individualName(party: unknown): string {
  return join(textAt(party, "first_name"), textAt(party, "middle_name"), textAt(party, "last_name"));
}

/**
 * The legal element in the case of the name it follows: the interview offers it in capitals ("PTY
 * LTD"), but a name typed in mixed case reads "Acme Holdings Pty Ltd". Case is not part of a
 * company's registered identity, so the document keeps the case the adviser typed the name in.
 */
export function legalElementFor(name: string, element: string): string {
  const shouting = !/[a-z]/.test(name);
  if (shouting || element === "") return element;
  return element.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

// A legal element in capitals straight after a word typed in mixed case ("Harbour Analytics PTY LTD"),
// as a template prints a company's name and its chosen element side by side.
const SHOUTED_ELEMENT =
  /(\S*[a-z]\S*[ \u00a0]+)(PTY\.? LTD\.?|PTY\.? LIMITED|PROPRIETARY LTD\.?|PROPRIETARY LIMITED|LTD\.?|LIMITED)(?![\w.])/g;

/** Text with each legal element after a mixed-case name in the name's case (see legalElementFor). */
export function legalElementsInCase(text: string): string {
  if (!/LTD|LIMITED/.test(text)) return text;
  return text.replace(
    SHOUTED_ELEMENT,
    (_, name: string, element: string) => name + legalElementFor(name, element),
  );
}

/** A company's name with its legal element, in the case typed: "Acme Holdings Pty Ltd". */
export function companyName(party: unknown): string {
  const name = textAt(party, "name");
  return join(name, legalElementFor(name, textAt(party, "legal_element")));
}

/** A company's name with its ACN: "Acme Holdings Pty Ltd ACN 004 085 616". */
export function companyNameWithAcn(party: unknown): string {
  const acn = textAt(party, "acn");
  return join(companyName(party), acn ? `ACN ${formatAcn(acn)}` : "");
}

/** A trust's name preceded by "the" unless it already starts with it: "the Smith Family Trust". */
export function trustName(party: unknown): string {
  const name = textAt(party, "name");
  return /^the\s/i.test(name) ? name : join("the", name);
}

/** The trustees of a trust party, each a party answer. */
export function trusteesOf(party: unknown): unknown[] {
  const trustees = readPath(party, "trustees");
  return Array.isArray(trustees) ? trustees.filter(isAnswerObject) : [];
}

/** The party's type as stored ("individual", "company", "trust"), if known. */
export function partyTypeOfAnswer(party: unknown): string {
  return textAt(party, PARTY_TYPE_FIELD);
}

/** The name of a party of any type as the document states it; a trust is named through its trustees. */
export function partyName(party: unknown): string {
  switch (partyTypeOfAnswer(party)) {
    case "individual":
      return individualName(party);
    case "company":
      return companyNameWithAcn(party);
    case "trust": {
      const trustees = trusteesOf(party);
      const capacity = trustees.length > 1 ? "as trustees for" : "as trustee for";
      return join(joinAnd(trustees.map(partyName)), capacity, trustName(party));
    }
    default:
      return "";
  }
}

/**
 * A party's address on one line: "1 George Street, Sydney NSW 2000". A trust has none of its own: it
 * is found at its (first) trustee's address, so "… as trustee for the X Trust of <address>" reads true.
 */
export function partyAddress(party: unknown): string {
  if (partyTypeOfAnswer(party) === "trust") {
    const [trustee] = trusteesOf(party);
    return trustee === undefined ? "" : partyAddress(trustee);
  }
  const street = textAt(party, "street");
  const locality = join(textAt(party, "suburb"), textAt(party, "state"), textAt(party, "postcode"));
  return [street, locality].filter((part) => part !== "").join(", ");
}

/** The full name of a state or territory from its stored value: "NSW" → "New South Wales". */
export function jurisdictionName(value: string): string {
  return JURISDICTIONS.find((choice) => choice.value === value.trim())?.text ?? value;
}
