import { INTEGRATION_CLIENT_TYPES } from "@precedent/contracts";

/** The contact-type choices: the value as the apps send it, the label as a person reads it. */
export const CONTACT_TYPE_OPTIONS = INTEGRATION_CLIENT_TYPES.map((t) => ({
  value: t,
  label: t === "SOLE_TRADER" ? "Sole trader" : t,
}));
