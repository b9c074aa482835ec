import type { Country } from "@precedent/contracts";
import countries from "i18n-iso-countries";
import english from "i18n-iso-countries/langs/en.json" with { type: "json" };
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { STATES_BY_COUNTRY } from "./states.ts";

countries.registerLocale(english);

/** The phone area code used when none is given (account-area §2: default +61). */
export const DEFAULT_AREA_CODE = "+61";

const callingCodes = new Map<string, string>();
for (const code of getCountries()) callingCodes.set(code, `+${getCountryCallingCode(code)}`);

/**
 * Every country by name (ISO 3166-1, English names from i18n-iso-countries), with its calling
 * code from libphonenumber-js (empty for the few places without one) and its states where we
 * list them. Built once: the data changes only with the packages.
 */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames("en", { select: "official" }))
  .map(([code, name]) => ({
    name,
    code,
    area_code: callingCodes.get(code) ?? "",
    states: [...(STATES_BY_COUNTRY.get(code) ?? [])],
  }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const countryCodes = new Set(COUNTRIES.map((c) => c.code));
const areaCodes = new Set(callingCodes.values());

export const isCountryCode = (code: string) => countryCodes.has(code);
export const isAreaCode = (areaCode: string) => areaCodes.has(areaCode);
export const statesOf = (country: string) => STATES_BY_COUNTRY.get(country) ?? [];

/**
 * Whether a phone number is a real number for its area code (or for its own, when typed with a
 * leading +), by libphonenumber-js's full metadata. The national trunk prefix may be typed
 * (0412 345 678 with +61).
 */
export function isValidPhone(phone: string, areaCode: string, country?: string): boolean {
  const callingCode = areaCode.replace(/^\+/, "");
  // A country sharing the calling code (+1: US, CA …) reads the number by its own rules.
  const defaultCountry =
    country && callingCodes.get(country) === areaCode ? (country as CountryCode) : undefined;
  try {
    const parsed = parsePhoneNumberFromString(
      phone,
      defaultCountry ? { defaultCountry } : { defaultCallingCode: callingCode },
    );
    return parsed?.isValid() ?? false;
  } catch {
    // An unknown calling code: no number is valid for it.
    return false;
  }
}
