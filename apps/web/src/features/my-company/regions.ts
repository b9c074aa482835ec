/** Australia's states and territories, as the post abbreviates them. */
export const AUSTRALIAN_STATES = [
  { value: "ACT", label: "Australian Capital Territory" },
  { value: "NSW", label: "New South Wales" },
  { value: "NT", label: "Northern Territory" },
  { value: "QLD", label: "Queensland" },
  { value: "SA", label: "South Australia" },
  { value: "TAS", label: "Tasmania" },
  { value: "VIC", label: "Victoria" },
  { value: "WA", label: "Western Australia" },
];

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Every country the browser can name, by ISO 3166 code (the billing address keeps the code):
 * the two-letter codes the browser's region names know, sorted by name, Australia first.
 */
export function countryOptions(): { value: string; label: string }[] {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames(["en-AU"], { type: "region", fallback: "none" });
  } catch {
    return [{ value: "AU", label: "Australia" }];
  }
  const options: { value: string; label: string }[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      // Codes reserved for private use and groupings (EU, UN, QO…) are not countries.
      if (["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"].includes(code)) continue;
      const label = names.of(code);
      if (label && label !== code) options.push({ value: code, label });
    }
  }
  options.sort((a, b) => (a.value === "AU" ? -1 : b.value === "AU" ? 1 : a.label.localeCompare(b.label)));
  return options;
}
