import type { SettingKey } from "@precedent/contracts";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { parseLegalReviewFees, parseShippingOptions } from "../fulfilment/index.ts";

/**
 * The settings the operator console edits (issue 37 item 4), each with the environment setting
 * whose default it overrides and the check that setting's value gets at start, so a value the
 * server would refuse to start with is refused in the console with the same message.
 *
 * Secrets (API keys, the secret key, SMTP and provider passwords) are not here and never will be:
 * they stay in the environment, out of the database, its backups and the audit trail.
 */
export type EditableConfig = Pick<
  Config,
  | "SALES_PHONE"
  | "SALES_EMAIL"
  | "LEGAL_REVIEW_FEES"
  | "LEGAL_REVIEW_EMAIL"
  | "HARD_COPY_PRICE"
  | "HARD_COPY_MAX_COPIES"
  | "HARD_COPY_SHIPPING"
  | "HARD_COPY_EMAIL"
>;

type Definition = {
  environmentName: keyof EditableConfig;
  label: string;
  description: string;
  /** The default when the environment does not set it (as fulfilment's own settings default). */
  fallback: string;
  /** Throws an Error whose message is what the person is told; returns the value as stored. */
  check: (value: string) => string;
};

const email = (setting: string) => (value: string) => {
  if (!z.email().safeParse(value).success) throw new Error(`${setting}: "${value}" is not an e-mail address`);
  return value;
};

const dollars = (setting: string, max: number) => (value: string) => {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value) || Number(value) > max)
    throw new Error(`${setting}: "${value}" is not an amount in dollars from 0 to ${max} (e.g. 55 or 12.50)`);
  return value;
};

const wholeNumber = (setting: string, min: number, max: number) => (value: string) => {
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max)
    throw new Error(`${setting}: "${value}" is not a whole number from ${min} to ${max}`);
  return String(Number(value));
};

export const SETTING_DEFINITIONS: Record<SettingKey, Definition> = {
  sales_phone: {
    environmentName: "SALES_PHONE",
    fallback: "1800 160 401",
    label: "Sales phone",
    description: "Shown with 'Talk to Sales', the Lite plan notices and quoted legal reviews.",
    check: (value) => {
      if (!/^\+?[0-9][0-9 ()-]{5,24}$/.test(value))
        throw new Error(`SALES_PHONE: "${value}" is not a phone number (digits, spaces, brackets, dashes)`);
      return value;
    },
  },
  sales_email: {
    environmentName: "SALES_EMAIL",
    fallback: "sales@precedent.com.au",
    label: "Sales e-mail",
    description: "Shown beside the sales phone.",
    check: email("SALES_EMAIL"),
  },
  legal_review_fees: {
    environmentName: "LEGAL_REVIEW_FEES",
    fallback: "discretionary-trust-deed=220,unit-trust-deed=220,smsf-trust-deed=220",
    label: "Legal review fees",
    description:
      "template-identifier=dollars, separated by commas; * for any other template. A template with no fee is quoted on request.",
    check: (value) => {
      parseLegalReviewFees(value);
      return value;
    },
  },
  legal_review_email: {
    environmentName: "LEGAL_REVIEW_EMAIL",
    fallback: "legal-review@precedent.com.au",
    label: "Legal review team's e-mail",
    description: "Where paid legal review requests are sent.",
    check: email("LEGAL_REVIEW_EMAIL"),
  },
  hard_copy_price: {
    environmentName: "HARD_COPY_PRICE",
    fallback: "55",
    label: "Hard copy price per copy",
    description: "In dollars, e.g. 55 or 12.50.",
    check: dollars("HARD_COPY_PRICE", 10_000),
  },
  hard_copy_max_copies: {
    environmentName: "HARD_COPY_MAX_COPIES",
    fallback: "10",
    label: "Hard copies per order, at most",
    description: "A whole number from 1 to 100.",
    check: wholeNumber("HARD_COPY_MAX_COPIES", 1, 100),
  },
  hard_copy_shipping: {
    environmentName: "HARD_COPY_SHIPPING",
    fallback: "standard|Standard post|12.50",
    label: "Hard copy shipping options",
    description: "id|label|dollars, separated by semicolons, in the order offered.",
    check: (value) => {
      parseShippingOptions(value);
      return value;
    },
  },
  hard_copy_email: {
    environmentName: "HARD_COPY_EMAIL",
    fallback: "fulfilment@precedent.com.au",
    label: "Hard copy team's e-mail",
    description: "Where paid hard copy requests are sent.",
    check: email("HARD_COPY_EMAIL"),
  },
};

/** A stored value as the configuration holds it (numbers for the two numeric settings). */
export function asConfigValue(key: SettingKey, value: string): string | number {
  return key === "hard_copy_price" || key === "hard_copy_max_copies" ? Number(value) : value;
}

/** Each setting's default: the environment's value, else the built-in one. */
export function settingDefaults(config: Partial<EditableConfig>): Record<SettingKey, string> {
  return Object.fromEntries(
    Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => {
      const configured = config[definition.environmentName];
      return [key, configured === undefined ? definition.fallback : String(configured)];
    }),
  ) as Record<SettingKey, string>;
}
