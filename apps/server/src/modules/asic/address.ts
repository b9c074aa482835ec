import { ADDRESS_NOT_VALIDATED, type CheckAddressRequest } from "@precedent/contracts";
import { postcodeStates } from "@precedent/docgen";

/**
 * Street types an Australian street address may end in (Australia Post's and AS 4590's common
 * types, full and abbreviated), lower case.
 */
const STREET_TYPES = new Set(
  [
    "street st",
    "road rd",
    "avenue ave av",
    "drive dr",
    "place pl",
    "court ct",
    "crescent cres cr",
    "close cl",
    "lane ln",
    "terrace tce",
    "parade pde",
    "boulevard bvd blvd",
    "highway hwy",
    "way",
    "circuit cct",
    "grove gr",
    "square sq",
    "esplanade esp",
    "parkway pwy",
    "promenade prom",
    "rise",
    "row",
    "walk",
    "mall",
    "quay",
    "track",
    "trail",
    "circle cir",
    "loop",
    "view",
    "vista",
    "mews",
    "glen",
    "green",
    "gardens gdns",
    "heights hts",
    "hill",
    "ridge",
    "point pt",
    "broadway",
    "freeway fwy",
    "link",
    "arcade arc",
    "alley",
    "retreat",
    "outlook",
    "concourse",
    "chase",
    "cove",
    "wynd",
    "strand",
  ].flatMap((entry) => entry.split(" ")),
);

/** A unit, level or suite before the number: "Unit 3, ", "Level 12 ", "Suite 4/", "Shop 2 ". */
const SUBPREMISES =
  /^(?:(?:unit|u|apartment|apt|flat|suite|ste|shop|level|lvl|l|floor|fl)\s*[a-z]?\d+[a-z]?\s*[,/]?\s*)+/i;
/** A street number: 12, 12A, 12-14, 3/12 (unit 3 at 12), with an optional lot. */
const STREET_NUMBER = /^(?:lot\s+)?(?:\d+[a-z]?\s*\/\s*)?\d+[a-z]?(?:\s*-\s*\d+[a-z]?)?\s+/i;
const POST_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|gpo\s+box|locked\s+bag|private\s+bag)\b/i;

/**
 * What is wrong with an Australian street address, or nothing: the postcode in the state's
 * ranges, a street number in one of its usual forms (after any unit, level or suite), a street
 * name ending in a known street type, and no post office box (a registered office must be a
 * place, s100 Corporations Act 2001 (Cth)). The locality is not checked against the postcode: no
 * well-kept dataset of Australian localities is published on npm.
 */
export function addressProblems(address: CheckAddressRequest): string[] {
  const problems: string[] = [];
  const street = address.street.trim().replace(/\s+/g, " ");
  if (!/^\d{4}$/.test(address.postcode)) problems.push("The postcode must be 4 digits.");
  else if (!postcodeStates(address.postcode).includes(address.state)) {
    problems.push(`The postcode ${address.postcode} is not in ${address.state}.`);
  }
  if (POST_BOX.test(street)) {
    problems.push("A post office box, locked bag or private bag is not a street address.");
    return problems;
  }
  const afterUnit = street.replace(SUBPREMISES, "");
  const numberMatch = STREET_NUMBER.exec(afterUnit);
  if (!numberMatch)
    problems.push("The street address needs a street number (for example 12, 12A, 12-14 or 3/12).");
  const streetName = (numberMatch ? afterUnit.slice(numberMatch[0].length) : afterUnit).replace(/[.,]+$/, "");
  const words = streetName.split(" ").filter(Boolean);
  const type = words.at(-1)?.toLowerCase().replace(/\.$/, "") ?? "";
  // "The Strand", "The Esplanade", "Broadway": a type word may be the whole name.
  if (words.length === 0) problems.push("The street address needs a street name.");
  else if (!STREET_TYPES.has(type)) {
    problems.push(`"${words.at(-1)}" is not a known street type (for example Street, Road, Avenue).`);
  }
  if (!/[a-z]/i.test(address.suburb) || /\d/.test(address.suburb)) {
    problems.push("The suburb or town must be a name, without numbers.");
  }
  return problems;
}

/** The reply of asic/check-address: valid, or not with the problems found. */
export function checkAddress(address: CheckAddressRequest) {
  const problems = addressProblems(address);
  return {
    message: problems.length === 0 ? "" : ADDRESS_NOT_VALIDATED,
    data: { isValid: problems.length === 0, problems },
  };
}
