import type { BillingAddress } from "@precedent/contracts";

let regionNames: Intl.DisplayNames | undefined;

function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en-AU"], { type: "region" });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The address as Australian post writes it: "Level 12, 100 Collins Street" / "Melbourne VIC 3000". */
export function billingAddressLines(address: BillingAddress): string[] {
  const street = [address.address_1, address.street_type].filter(Boolean).join(" ");
  const firstLine = [address.unit, street].filter(Boolean).join(", ");
  const locality = [address.city, address.state, address.postcode].filter(Boolean).join(" ");
  const lines = [firstLine, address.address_2, locality].filter(Boolean);
  // A country alone (the default) is not an address.
  if (lines.length === 0) return [];
  return address.country ? [...lines, countryName(address.country)] : lines;
}
