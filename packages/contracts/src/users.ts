import { z } from "zod";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";
import { TeamRole } from "./teams.ts";

/**
 * What a person may do in one of their firms by their role there, decided by the server (each
 * rule registered by the module that enforces it), so the web shows these and derives none.
 */
export const FirmAbilities = z.object({
  invite: z
    .boolean()
    .describe("May open Invitations and invite people (the invitations module: owners and managers)"),
  read_firm_activity: z
    .boolean()
    .describe(
      "Reads the whole firm's activity log, not only their own (the logs module: owners and managers)",
    ),
  view_organisation_documents: z
    .boolean()
    .describe("Sees the Organisation Documents tab (the documents module: owners and managers)"),
});
export type FirmAbilities = z.infer<typeof FirmAbilities>;
export const FIRM_ABILITY_NAMES = Object.keys(FirmAbilities.shape) as (keyof FirmAbilities)[];

export const UserTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  role: TeamRole,
  abilities: FirmAbilities,
});
export type UserTeam = z.infer<typeof UserTeam>;

/** An uploaded image as a profile or firm refers to it: its media id and where it is served. */
export const MediaRef = z.object({ id: z.number().int(), src: z.string() });
export type MediaRef = z.infer<typeof MediaRef>;

/**
 * The signed-in person's own details (account-area §3 Profile). Billing fields use the spec's
 * names: `address_1` is the street number and `address_2` the street name.
 */
export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  phone_area_code: z.string().describe("The phone's calling code, e.g. +61"),
  unit: z.string(),
  floor: z.string(),
  address_1: z.string().describe("Street number"),
  address_2: z.string().describe("Street name"),
  street_type: z.string().describe("A key of GET /api/street-types"),
  city: z.string().describe("Suburb or city"),
  state: z.string().describe("A state code of the country (GET /api/data/countries), or free text"),
  postcode: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2 code, e.g. AU"),
  avatar: MediaRef.nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const CurrentUser = Profile.extend({
  teams: z.array(UserTeam),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const CurrentUserResponse = envelope(CurrentUser);

/** Profile form messages (account-area §5), shown verbatim by the server and the web app. */
export const PROFILE_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  displayNameRequired: "Display name is required",
  emailFormat: "Wrong email format",
  emailRequired: "Email is required",
  phoneInvalid: "Phone number is not valid",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  passwordTooShort: "The password should be at least 12 characters long",
  confirmPasswordRequired: "Confirm password is required",
  confirmPasswordMismatch: "Confirm password did not match",
} as const;

/** Beyond the spec's table: what the server also refuses, in the same plain words. */
export const PROFILE_REFUSALS = {
  emailReadOnly: "Your email address cannot be changed here.",
  currentPasswordWrong: "Current password is not correct.",
  countryUnknown: "Please choose a country from the list.",
  stateUnknown: "Please choose a state from the list.",
  streetTypeUnknown: "Please choose a street type from the list.",
  areaCodeUnknown: "Please choose an area code from the list.",
  postcodeInvalid: "Postcode is not valid",
  avatarUnknown: "Please upload the avatar again.",
  profileSaved: "Your profile has been updated.",
} as const;

/** The least a new password may be (account-area §9). */
export const PASSWORD_MIN_CHARS = 12;
/** Long enough for any passphrase; argon2 hashes whatever is given, so there is a bound. */
export const PASSWORD_MAX_CHARS = 256;

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

export const UserIdParams = z.object({ id: idParam("id") });

/**
 * POST /users/{id}: the person's own profile. A field left out stays as it is; `new_password`
 * changes the password (and ends the person's other sessions); `lyd_avatar` is a media id from
 * POST /media (purpose avatar), or null to remove the avatar.
 */
export const UpdateProfileRequest = z.object({
  first_name: requiredText(PROFILE_MESSAGES.firstNameRequired).optional(),
  last_name: requiredText(PROFILE_MESSAGES.lastNameRequired).optional(),
  name: requiredText(PROFILE_MESSAGES.displayNameRequired).optional(),
  email: z
    .string({ error: PROFILE_MESSAGES.emailRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.emailRequired)
    .max(254, PROFILE_MESSAGES.emailFormat)
    .pipe(z.email(PROFILE_MESSAGES.emailFormat))
    .optional()
    .describe("Read only: accepted only when it is the account's email"),
  phone: optionalText(30),
  phone_area_code: optionalText(8),
  unit: optionalText(20),
  floor: optionalText(20),
  address_1: optionalText(20),
  address_2: optionalText(100),
  street_type: optionalText(40),
  city: optionalText(100),
  state: optionalText(100),
  postcode: optionalText(12),
  country: optionalText(2),
  // Checked on the server together (every part's message at once): the current password is
  // required, the new one too and at least PASSWORD_MIN_CHARS long; a confirmation, when sent,
  // must equal the new one, so a form's mismatch is refused here too and not only in the browser.
  new_password: z
    .object({
      old: z.string().max(PASSWORD_MAX_CHARS, `At most ${PASSWORD_MAX_CHARS} characters`).optional(),
      new: z.string().max(PASSWORD_MAX_CHARS, `At most ${PASSWORD_MAX_CHARS} characters`).optional(),
      confirm: z.string().max(PASSWORD_MAX_CHARS, `At most ${PASSWORD_MAX_CHARS} characters`).optional(),
    })
    .optional()
    .describe(
      `The current password (old), the new one (new, at least ${PASSWORD_MIN_CHARS} characters) and optionally its confirmation (confirm, equal to new)`,
    ),
  lyd_avatar: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
export const UpdateProfileResponse = envelope(CurrentUser);

/** A country of GET /data/countries (account-area §3 Country). */
export const CountryState = z.object({ code: z.string(), name: z.string() });
export const Country = z.object({
  name: z.string(),
  code: z.string().describe("ISO 3166-1 alpha-2"),
  area_code: z.string().describe("International calling code, e.g. +61"),
  states: z.array(CountryState).describe("Empty when the state is free text"),
});
export type Country = z.infer<typeof Country>;
export const CountriesResponse = envelope(z.array(Country));

/** GET /street-types: Australia Post's street types, key to name. */
export const StreetTypesResponse = envelope(
  z.object({ code: z.literal(200), street_types: z.record(z.string(), z.string()) }),
);
