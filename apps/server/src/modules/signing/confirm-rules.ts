import {
  type ConfirmSigningRequest as ConfirmSchema,
  DUE_DATE_IN_PAST,
  DUE_DATE_INVALID,
  FIELD_CANNOT_BE_BLANK,
  FIELD_REQUIRED,
  type FieldError,
  GROUP_NAME_EXISTS,
  INVALID_EMAIL,
  INVALID_PHONE,
  MAX_SIGNING_GROUPS,
  phoneForAreaCodeError,
  TOO_MANY_GROUPS,
} from "@precedent/contracts";
import { isCalendarDay } from "../../platform/kernel/calendar.ts";

// The Digital Signing Wizard's input rules (interview-signing spec §5), apart from the service
// that sends: pure, so they are read and tested on their own.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** §5: the area code, a dash, then the number (digits, spaces, parentheses, hyphens). */
const PHONE_PATTERN = /^\+\d{1,4}-[\d ()-]*\d[\d ()-]*$/;

/** Group names compare ignoring case and surrounding (and repeated) spaces (§5). */
const groupNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

type ConfirmInput = ReturnType<typeof ConfirmSchema.parse>;

/** Every rule of the wizard's input (§5), each failure on its field; nothing is sent while any fails. */
export function confirmErrors(input: ConfirmInput, today: string): FieldError[] {
  const errors: FieldError[] = [];
  if (input.due_date.trim() === "") errors.push({ field: "due_date", message: FIELD_REQUIRED });
  else if (!isCalendarDay(input.due_date)) errors.push({ field: "due_date", message: DUE_DATE_INVALID });
  else if (input.due_date < today) errors.push({ field: "due_date", message: DUE_DATE_IN_PAST });
  input.signer.forEach((signer, i) => {
    const email = signer.email.trim();
    if (email === "") errors.push({ field: `signer.${i}.email`, message: FIELD_CANNOT_BE_BLANK });
    else if (!EMAIL_PATTERN.test(email)) errors.push({ field: `signer.${i}.email`, message: INVALID_EMAIL });
    if (input.sms_notify) {
      const phone = (signer.phone_number ?? "").trim();
      if (phone === "") errors.push({ field: `signer.${i}.phone_number`, message: FIELD_CANNOT_BE_BLANK });
      else if (!PHONE_PATTERN.test(phone)) {
        errors.push({ field: `signer.${i}.phone_number`, message: INVALID_PHONE });
      } else {
        // The chosen country's rule (E.164): a browser that skips the wizard's check meets it here.
        const countryProblem = phoneForAreaCodeError(phone);
        if (countryProblem) errors.push({ field: `signer.${i}.phone_number`, message: countryProblem });
      }
    }
  });
  if (input.is_group) {
    const names = new Map<number, string>();
    input.signer.forEach((signer, i) => {
      if (signer.signing_group_name.trim() === "") {
        errors.push({ field: `signer.${i}.signing_group_name`, message: FIELD_CANNOT_BE_BLANK });
      }
      if (!names.has(signer.signing_group)) names.set(signer.signing_group, signer.signing_group_name);
    });
    if (names.size > MAX_SIGNING_GROUPS || [...names.keys()].some((g) => g >= MAX_SIGNING_GROUPS)) {
      errors.push({ field: "signer", message: TOO_MANY_GROUPS });
    }
    const seen = new Map<string, number>();
    for (const [group, name] of names) {
      const key = groupNameKey(name);
      if (key === "") continue;
      const other = seen.get(key);
      if (other !== undefined && other !== group) {
        const i = input.signer.findIndex((s) => s.signing_group === group);
        errors.push({ field: `signer.${i}.signing_group_name`, message: GROUP_NAME_EXISTS });
      }
      seen.set(key, group);
    }
  }
  return errors;
}
