import type { Config } from "../../config.ts";

/** The links of the next steps after completion, from the settings (config.ts holds the defaults). */
export type NextStepLinks = {
  abnTfn: string;
  trustDeedStamping: string;
  protector: string;
  ppsr: string;
  cas360: string;
  simpleFund: string;
};

export type NextStepsConfig = Partial<
  Pick<
    Config,
    | "NEXT_STEP_ABN_TFN_URL"
    | "NEXT_STEP_TRUST_DEED_STAMPING_URL"
    | "NEXT_STEP_PROTECTOR_URL"
    | "NEXT_STEP_PPSR_URL"
    | "CAS360_APP_URL"
    | "SF360_APP_URL"
  >
>;

/**
 * A link a person follows from the dialog: an https address, or a mailto: to a team. Anything else
 * (http, javascript:, a typo) stops the server with the setting named, as fulfilment's prices do,
 * rather than putting a broken or unsafe link in front of every adviser.
 */
export function parseLink(setting: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${setting}: "${value}" is not an address (https://… or mailto:…)`);
  }
  const ok =
    (url.protocol === "https:" && url.hostname !== "") ||
    (url.protocol === "mailto:" && url.pathname.includes("@"));
  if (!ok) throw new Error(`${setting}: "${value}" must be an https:// address or a mailto: address`);
  return url.toString();
}

/** Parsed once at start. The defaults stand in for a partial configuration in tests. */
export function nextStepLinksOf(config: NextStepsConfig): NextStepLinks {
  return {
    abnTfn: parseLink("NEXT_STEP_ABN_TFN_URL", config.NEXT_STEP_ABN_TFN_URL ?? "https://www.abr.gov.au/"),
    trustDeedStamping: parseLink(
      "NEXT_STEP_TRUST_DEED_STAMPING_URL",
      config.NEXT_STEP_TRUST_DEED_STAMPING_URL ??
        "mailto:fulfilment@precedent.com.au?subject=Trust%20deed%20stamping",
    ),
    protector: parseLink(
      "NEXT_STEP_PROTECTOR_URL",
      config.NEXT_STEP_PROTECTOR_URL ??
        "mailto:legal-review@precedent.com.au?subject=Protector%20next%20steps",
    ),
    ppsr: parseLink("NEXT_STEP_PPSR_URL", config.NEXT_STEP_PPSR_URL ?? "https://www.ppsr.gov.au/"),
    cas360: parseLink("CAS360_APP_URL", config.CAS360_APP_URL ?? "https://cas360.bgl360.com.au/"),
    simpleFund: parseLink("SF360_APP_URL", config.SF360_APP_URL ?? "https://sf360.bgl360.com.au/"),
  };
}
