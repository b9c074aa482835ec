import {
  type FieldError,
  PASSWORD_MIN_CHARS,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfileRequest,
} from "@precedent/contracts";

/** The My Account form's fields (account-area §3 Profile), with the spec's password names. */
export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  phone: string;
  phone_area_code: string;
  unit: string;
  floor: string;
  address_1: string;
  address_2: string;
  street_type: string | undefined;
  city: string;
  country: string | undefined;
  state: string | undefined;
  postcode: string;
  lyd_avatar: number | null;
  password: string;
  newPassword: string;
  confirmNewPassword: string;
};

export const DEFAULT_AREA_CODE = "+61";

/**
 * The spec's loose phone pattern (§5): an optional international or area prefix, then 3-4 digits
 * and 3-4 digits. The server checks the number for its area code exactly.
 */
export const PHONE_PATTERN = /^(\+?\d{1,4}[\s-]?)?(\(?\d{1,4}\)?[\s-]?)?\d{3,4}[\s-]?\d{3,4}$/;

/** The form as the saved profile fills it; empty selects are undefined so they show a placeholder. */
export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    phone_area_code: profile.phone_area_code || DEFAULT_AREA_CODE,
    unit: profile.unit,
    floor: profile.floor,
    address_1: profile.address_1,
    address_2: profile.address_2,
    street_type: profile.street_type || undefined,
    city: profile.city,
    country: profile.country || undefined,
    state: profile.state || undefined,
    postcode: profile.postcode,
    lyd_avatar: profile.avatar?.id ?? null,
    password: "",
    newPassword: "",
    confirmNewPassword: "",
  };
}

const text = (value: string | undefined) => (value ?? "").trim();

/** What Save sends: every profile field, and the password only when a current one was given. */
export function requestOf(values: ProfileFormValues): UpdateProfileRequest {
  const request: UpdateProfileRequest = {
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    name: text(values.name),
    phone: text(values.phone),
    phone_area_code: values.phone_area_code || DEFAULT_AREA_CODE,
    unit: text(values.unit),
    floor: text(values.floor),
    address_1: text(values.address_1),
    address_2: text(values.address_2),
    street_type: values.street_type ?? "",
    city: text(values.city),
    country: values.country ?? "",
    state: text(values.state),
    postcode: text(values.postcode),
    lyd_avatar: values.lyd_avatar,
  };
  // Blank leaves the password unchanged (§5).
  if (values.password)
    request.new_password = {
      old: values.password,
      new: values.newPassword,
      confirm: values.confirmNewPassword,
    };
  return request;
}

/** Whether the form differs from the saved profile (Save is disabled until it does). */
export function isChanged(values: Partial<ProfileFormValues>, saved: ProfileFormValues): boolean {
  return (Object.keys(saved) as (keyof ProfileFormValues)[]).some((key) => {
    const now = values[key];
    const before = saved[key];
    const blank = (v: unknown) => v === undefined || v === null || v === "";
    if (blank(now) && blank(before)) return false;
    return now !== before;
  });
}

/** The server's field names, as the form names them. */
const FORM_FIELD: Record<string, keyof ProfileFormValues> = {
  "new_password.old": "password",
  "new_password.new": "newPassword",
  "new_password.confirm": "confirmNewPassword",
  new_password: "password",
};

/** Field errors of a refused save, placed on the form's fields (unknown fields are left out). */
export function formErrorsOf(errors: FieldError[], fields: readonly string[]) {
  const byField = new Map<string, string[]>();
  for (const error of errors) {
    const name = FORM_FIELD[error.field] ?? error.field;
    if (!fields.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), error.message]);
  }
  return [...byField].map(([name, messages]) => ({
    name: name as keyof ProfileFormValues,
    errors: messages,
  }));
}

/** The password rules of §5, as the form checks them with the other two fields' values. */
export const passwordRules = {
  current(newPassword: string, confirm: string, current: string) {
    if (!current && (newPassword || confirm)) return PROFILE_MESSAGES.currentPasswordRequired;
    return undefined;
  },
  next(current: string, newPassword: string) {
    if (current && !newPassword) return PROFILE_MESSAGES.newPasswordRequired;
    if (newPassword && newPassword.length < PASSWORD_MIN_CHARS) return PROFILE_MESSAGES.passwordTooShort;
    return undefined;
  },
  confirm(current: string, newPassword: string, confirm: string) {
    if (current && !confirm) return PROFILE_MESSAGES.confirmPasswordRequired;
    if (confirm && confirm !== newPassword) return PROFILE_MESSAGES.confirmPasswordMismatch;
    return undefined;
  },
};
