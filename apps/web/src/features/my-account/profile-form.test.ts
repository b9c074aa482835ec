import { PROFILE_MESSAGES, type Profile } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  formErrorsOf,
  formValuesOf,
  isChanged,
  PHONE_PATTERN,
  passwordRules,
  requestOf,
} from "./profile-form";

const profile: Profile = {
  id: 3,
  email: "mia@firm.test",
  name: "Mia Member",
  first_name: "Mia",
  last_name: "Member",
  phone: "",
  phone_area_code: "+61",
  unit: "",
  floor: "",
  address_1: "",
  address_2: "",
  street_type: "",
  city: "",
  state: "",
  postcode: "",
  country: "",
  avatar: null,
};

describe("the profile form", () => {
  it("is unchanged as loaded, and changed by any field", () => {
    const saved = formValuesOf(profile);
    expect(isChanged({ ...saved }, saved)).toBe(false);
    expect(isChanged({ ...saved, city: "Carlton" }, saved)).toBe(true);
    expect(isChanged({ ...saved, lyd_avatar: 9 }, saved)).toBe(true);
    expect(isChanged({ ...saved, state: "" }, saved)).toBe(false);
  });

  it("sends the password only when the current one is given", () => {
    const values = formValuesOf(profile);
    expect(requestOf(values).new_password).toBeUndefined();
    expect(
      requestOf({
        ...values,
        password: "old one",
        newPassword: "new one long enough",
        confirmNewPassword: "new one long enough",
      }).new_password,
    ).toEqual({
      old: "old one",
      new: "new one long enough",
      confirm: "new one long enough",
    });
  });

  it("checks the password fields as §5 says", () => {
    expect(passwordRules.current("something", "", "")).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    expect(passwordRules.current("", "", "")).toBeUndefined();
    expect(passwordRules.next("current", "")).toBe(PROFILE_MESSAGES.newPasswordRequired);
    expect(passwordRules.next("current", "elevenchars")).toBe(PROFILE_MESSAGES.passwordTooShort);
    expect(passwordRules.next("current", "twelve chars")).toBeUndefined();
    expect(passwordRules.confirm("current", "twelve chars", "")).toBe(
      PROFILE_MESSAGES.confirmPasswordRequired,
    );
    expect(passwordRules.confirm("current", "twelve chars", "twelve charz")).toBe(
      PROFILE_MESSAGES.confirmPasswordMismatch,
    );
  });

  it.each([
    ["0412 345 678", true],
    ["+61 412 345 678", true],
    ["(03) 9123 4567", true],
    ["9123-4567", true],
    ["12345", false],
    ["phone me", false],
  ])("takes %s as a phone number: %s", (phone, ok) => {
    expect(PHONE_PATTERN.test(phone)).toBe(ok);
  });

  it("places the server's field errors on the form's fields", () => {
    expect(
      formErrorsOf(
        [
          { field: "new_password.old", message: "Current password is not correct." },
          { field: "phone", message: "Phone number is not valid" },
          { field: "body", message: "ignored" },
        ],
        ["password", "phone"],
      ),
    ).toEqual([
      { name: "password", errors: ["Current password is not correct."] },
      { name: "phone", errors: ["Phone number is not valid"] },
    ]);
  });
});
