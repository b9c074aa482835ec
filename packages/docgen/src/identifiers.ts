/**
 * Australian identifiers and formats: ACN and ABN check digits, postcodes, DD/MM/YYYY dates and email
 * addresses. Pure functions, shared by validation, the template filters and the signing module.
 */

const digitsOf = (text: string): string => text.replace(/[\s-]/g, "");

/**
 * Whether text is a valid ACN: nine digits whose last is the ASIC check digit (weights 8 to 1 over the
 * first eight digits; the check digit is (10 − sum mod 10) mod 10).
 */
export function isValidAcn(text: string): boolean {
  const digits = digitsOf(text);
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index++) sum += Number(digits[index]) * (8 - index);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * Whether text is a valid ABN: eleven digits that pass the ATO check (subtract 1 from the first digit,
 * weight the digits 10, 1, 3, 5 … 19, and the sum divides by 89).
 */
export function isValidAbn(text: string): boolean {
  const digits = digitsOf(text);
  if (!/^\d{11}$/.test(digits) || digits[0] === "0") return false;
  let sum = 0;
  ABN_WEIGHTS.forEach((weight, index) => {
    sum += (Number(digits[index]) - (index === 0 ? 1 : 0)) * weight;
  });
  return sum % 89 === 0;
}

/** Writes an ACN as ASIC prints it: "004 085 616". */
export function formatAcn(text: string): string {
  const digits = digitsOf(text);
  return /^\d{9}$/.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
    : text.trim();
}

/** Writes an ABN as the ATO prints it: "51 824 753 556". */
export function formatAbn(text: string): string {
  const digits = digitsOf(text);
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : text.trim();
}

/**
 * Whether text is a director identification number as the Australian Business Registry Services
 * issues it: 15 digits beginning 036 (spaces and hyphens ignored). The number has no published check
 * digit, so its form is all that can be checked.
 */
export function isValidDirectorId(text: string): boolean {
  return /^036\d{12}$/.test(digitsOf(text));
}

/**
 * Australia Post's postcode ranges by state or territory (delivery areas and post office boxes).
 * Norfolk Island has 2899 alone, so it is carved out of the New South Wales range.
 */
const POSTCODE_RANGES: readonly (readonly [string, number, number])[] = [
  ["NSW", 1000, 2599],
  ["NSW", 2619, 2898],
  ["NSW", 2921, 2999],
  ["NFK", 2899, 2899],
  ["ACT", 200, 299],
  ["ACT", 2600, 2618],
  ["ACT", 2900, 2920],
  ["VIC", 3000, 3999],
  ["VIC", 8000, 8999],
  ["QLD", 4000, 4999],
  ["QLD", 9000, 9999],
  ["SA", 5000, 5999],
  ["WA", 6000, 6999],
  ["TAS", 7000, 7999],
  ["NT", 800, 999],
];

/**
 * Postcodes that cross a border: localities of one state served by a post office of another
 * (Hume ACT and Queanbeyan NSW share 2620; NSW towns on the Murray and the Queensland border take
 * Victorian and Queensland postcodes; remote communities of SA and WA take the NT's 0872).
 */
const SHARED_POSTCODES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    "0872": ["SA", "WA"],
    "2620": ["ACT"],
    "3644": ["NSW"],
    "3691": ["NSW"],
    "4380": ["NSW"],
    "4383": ["NSW"],
  }),
);

/** The states and territories (as JURISDICTIONS values) whose localities use this postcode. */
export function postcodeStates(text: string): string[] {
  const postcode = text.trim();
  if (!/^\d{4}$/.test(postcode)) return [];
  const number = Number(postcode);
  const states = POSTCODE_RANGES.filter(([, low, high]) => number >= low && number <= high).map(
    ([state]) => state,
  );
  return [...new Set([...states, ...(SHARED_POSTCODES.get(postcode) ?? [])])];
}

/** Whether text is an Australian postcode: exactly four digits. */
export function isValidPostcode(text: string): boolean {
  return /^\d{4}$/.test(text.trim());
}

// WHATWG's definition of a valid email address, with at least one dot in the domain.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Whether text is a usable email address. */
export function isValidEmail(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

/** A calendar date, as the interview answers it. */
export type CalendarDate = { readonly day: number; readonly month: number; readonly year: number };

/** Reads a DD/MM/YYYY date (one-digit day or month accepted); undefined if it is not a real date. */
export function parseDate(text: string): CalendarDate | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1800 || year > 2999 || month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { day, month, year } : undefined;
}

/** Writes a date as DD/MM/YYYY. */
export function formatShortDate(date: CalendarDate): string {
  return `${String(date.day).padStart(2, "0")}/${String(date.month).padStart(2, "0")}/${date.year}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Writes a date as a document does: "1 July 2025". */
export function formatLongDate(date: CalendarDate): string {
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}
