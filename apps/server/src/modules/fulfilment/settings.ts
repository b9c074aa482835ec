import type { PublicSettings, ShippingOption } from "@precedent/contracts";
import type { Config } from "../../config.ts";

/**
 * The prices and addresses of legal review and hard copy, from the settings (config.ts):
 * parsed once at start, so a bad value stops the server with the setting named.
 */
export type FulfilmentSettings = {
  /** Legal review fee in cents by template identifier; `*` for any other template. */
  legalReviewFees: ReadonlyMap<string, number>;
  legalReviewEmail: string;
  hardCopyPerCopyCents: number;
  hardCopyMaxCopies: number;
  shipping: readonly ShippingOption[];
  hardCopyEmail: string;
  salesPhone: string;
  salesEmail: string;
};

const toCents = (dollars: string, setting: string) => {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(dollars.trim()))
    throw new Error(`${setting}: "${dollars}" is not an amount in dollars (e.g. 220 or 12.50)`);
  return Math.round(Number(dollars.trim()) * 100);
};

/** `discretionary-trust-deed=220,unit-trust-deed=220,*=440` → cents by template identifier. */
export function parseLegalReviewFees(value: string): Map<string, number> {
  const fees = new Map<string, number>();
  for (const entry of value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [identifier = "", dollars, extra] = entry.split("=");
    if (!/^(\*|[a-z0-9-]+)$/.test(identifier.trim()) || dollars === undefined || extra !== undefined)
      throw new Error(`LEGAL_REVIEW_FEES: "${entry}" is not template-identifier=dollars`);
    fees.set(identifier.trim(), toCents(dollars, "LEGAL_REVIEW_FEES"));
  }
  return fees;
}

/** `standard|Standard post|12.50;express|Express Post|19.95` → the options, in that order. */
export function parseShippingOptions(value: string): ShippingOption[] {
  const options = value
    .split(";")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id = "", label = "", dollars, extra] = entry.split("|").map((p) => p.trim());
      if (!/^[a-z0-9-]{1,40}$/.test(id) || !label || dollars === undefined || extra !== undefined)
        throw new Error(`HARD_COPY_SHIPPING: "${entry}" is not id|label|dollars`);
      return { id, label, price: toCents(dollars, "HARD_COPY_SHIPPING") };
    });
  if (options.length === 0) throw new Error("HARD_COPY_SHIPPING: at least one shipping option is needed");
  if (new Set(options.map((o) => o.id)).size !== options.length)
    throw new Error("HARD_COPY_SHIPPING: two options have the same id");
  return options;
}

/** The legal review fee of a document made from this template, or null when it is quoted on request. */
export function legalReviewFee(
  settings: Pick<FulfilmentSettings, "legalReviewFees">,
  templateIdentifier: string | null,
) {
  return (
    (templateIdentifier === null ? undefined : settings.legalReviewFees.get(templateIdentifier)) ??
    settings.legalReviewFees.get("*") ??
    null
  );
}

export type FulfilmentConfig = Partial<
  Pick<
    Config,
    | "LEGAL_REVIEW_FEES"
    | "LEGAL_REVIEW_EMAIL"
    | "HARD_COPY_PRICE"
    | "HARD_COPY_MAX_COPIES"
    | "HARD_COPY_SHIPPING"
    | "HARD_COPY_EMAIL"
  >
>;

/** The settings from configuration (config.ts holds the defaults; these stand in for a partial one in tests). */
export function fulfilmentSettingsOf(config: FulfilmentConfig, sales: PublicSettings): FulfilmentSettings {
  return {
    legalReviewFees: parseLegalReviewFees(
      config.LEGAL_REVIEW_FEES ?? "discretionary-trust-deed=220,unit-trust-deed=220,smsf-trust-deed=220",
    ),
    legalReviewEmail: config.LEGAL_REVIEW_EMAIL ?? "legal-review@precedent.com.au",
    hardCopyPerCopyCents: Math.round((config.HARD_COPY_PRICE ?? 55) * 100),
    hardCopyMaxCopies: config.HARD_COPY_MAX_COPIES ?? 10,
    shipping: parseShippingOptions(config.HARD_COPY_SHIPPING ?? "standard|Standard post|12.50"),
    hardCopyEmail: config.HARD_COPY_EMAIL ?? "fulfilment@precedent.com.au",
    salesPhone: sales.sales_phone,
    salesEmail: sales.sales_email,
  };
}
