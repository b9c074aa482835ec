/**
 * Australian company numbers (account-area §5, Company form): an ACN (9 digits, ASIC's check
 * digit) or an ABN (11 digits, the ATO's modulus 89 check). Shared so the form and the server
 * refuse the same numbers with the same words.
 */

export const COMPANY_NUMBER_REQUIRED = "Company number is required";
export const COMPANY_NUMBER_SHAPE = "Enter a 9-digit ACN or an 11-digit ABN";
export const ACN_CHECK_FAILED = "This ACN is not valid: please check its digits";
export const ABN_CHECK_FAILED = "This ABN is not valid: please check its digits";

const digitsOf = (text: string) => text.replace(/[\s-]/g, "");

/** ASIC's ACN check: weights 8 to 1 over the first eight digits; the ninth completes a multiple of 10. */
export function isValidAcn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (8 - i);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ATO's ABN check: take 1 from the first digit, weight the digits, the sum divides by 89. */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (Number(digits[i]) - (i === 0 ? 1 : 0)) * (ABN_WEIGHTS[i] ?? 0);
  return sum % 89 === 0;
}

/**
 * What is wrong with a company number, or undefined when it is a valid ACN or ABN. Spaces and
 * dashes are ignored, as people copy numbers either way.
 */
export function companyNumberProblem(text: string): string | undefined {
  const digits = digitsOf(text);
  if (digits === "") return COMPANY_NUMBER_REQUIRED;
  if (digits.length === 9 && /^\d+$/.test(digits)) return isValidAcn(digits) ? undefined : ACN_CHECK_FAILED;
  if (digits.length === 11 && /^\d+$/.test(digits)) return isValidAbn(digits) ? undefined : ABN_CHECK_FAILED;
  return COMPANY_NUMBER_SHAPE;
}

/** A valid number as it is printed: ACN "123 456 780", ABN "51 824 753 556". */
export function formatCompanyNumber(text: string): string {
  const digits = digitsOf(text);
  if (digits.length === 9) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  if (digits.length === 11)
    return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
  return text.trim();
}

export const WEBSITE_NOT_VALID = "Enter a website address such as www.example.com.au";

/** An http(s) address: a scheme or none, a host with a dot, then a port, path, query or fragment. */
const WEBSITE_PATTERN =
  /^(?:(https?):\/\/)?((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63})(:\d{1,5})?([/?#]\S*)?$/iu;

/**
 * A firm's website as it is kept: `https://` added when no scheme is given, http(s) only, a host
 * with a dot, no trailing slash on a bare host. "" stays "" (the website is optional); undefined
 * means the text is not a website address.
 */
export function normaliseWebsite(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const match = WEBSITE_PATTERN.exec(trimmed);
  if (!match) return undefined;
  const [, scheme = "https", host = "", port = "", rest = ""] = match;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}${port}${rest === "/" ? "" : rest}`;
}
