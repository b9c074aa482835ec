import {
  type FieldError,
  PASSWORD_MIN_CHARS,
  PROFILE_MESSAGES,
  PROFILE_REFUSALS,
  type UpdateProfileRequest,
} from "@precedent/contracts";
import { eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { Actor, Clock } from "../../platform/kernel/index.ts";
import { DEFAULT_AREA_CODE, isAreaCode, isCountryCode, isValidPhone, statesOf } from "./countries.ts";
import { canEditProfile } from "./policy.ts";
import { type UserRow, users } from "./schema.ts";
import { STREET_TYPES } from "./street-types.ts";

export type UsersService = ReturnType<typeof createUsersService>;

/** The name shown for a user: their display name, else first and last name, else email. */
export const displayNameOf = (u: Pick<UserRow, "displayName" | "firstName" | "lastName" | "email">) =>
  u.displayName || `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Where an uploaded image is served (media module: GET /media/{id}). */
export const mediaSource = (mediaId: number) => `/api/media/${mediaId}`;

/** The signed-in user's own details (GET /users/me without the firms). */
export const profileOf = (user: UserRow) => ({
  id: user.id,
  email: user.email,
  name: displayNameOf(user),
  first_name: user.firstName,
  last_name: user.lastName,
  phone: user.phone,
  phone_area_code: user.phoneAreaCode,
  unit: user.unit,
  floor: user.floor,
  address_1: user.streetNumber,
  address_2: user.streetName,
  street_type: user.streetType,
  city: user.city,
  state: user.state,
  postcode: user.postcode,
  country: user.country,
  avatar:
    user.avatarMediaId === null ? null : { id: user.avatarMediaId, src: mediaSource(user.avatarMediaId) },
});

/**
 * What the profile needs of modules that depend on this one (so they are handed in, not
 * imported): the auth module's password hashing and sessions, the media module's uploads.
 */
export type ProfilePorts = {
  credentials: () => {
    hash(password: string): Promise<string>;
    /** Whether the password is the person's; 429 while wrong guesses from this address must wait. */
    verifyCurrent(input: {
      email: string;
      passwordHash: string;
      password: string;
      ip: string;
    }): Promise<boolean>;
    /** Ends every session of the actor's person but the one making this request. */
    endOtherSessions(actor: Actor): Promise<number>;
  };
  avatars: () => {
    /** Whether the media is an avatar this person uploaded. */
    isOwnAvatar(userId: number, mediaId: number): Promise<boolean>;
  };
};

const AU_POSTCODE = /^\d{4}$/;

export function createUsersService(deps: { db: Database; clock?: Clock } & Partial<ProfilePorts>) {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();

  /** The checks a profile save needs beyond the shape of each field, all reported together. */
  async function profileErrors(user: UserRow, input: UpdateProfileRequest): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase())
      errors.push({ field: "email", message: PROFILE_REFUSALS.emailReadOnly });
    const areaCode = input.phone_area_code ?? user.phoneAreaCode ?? DEFAULT_AREA_CODE;
    const areaCodeKnown = areaCode === "" || isAreaCode(areaCode);
    if (!areaCodeKnown) errors.push({ field: "phone_area_code", message: PROFILE_REFUSALS.areaCodeUnknown });
    const country = input.country ?? user.country;
    const phone = input.phone ?? user.phone;
    // The number is checked whenever it or its area code is sent, so no save leaves a bad pair.
    if (
      (input.phone !== undefined || input.phone_area_code !== undefined) &&
      areaCodeKnown &&
      phone !== "" &&
      !isValidPhone(phone, areaCode || DEFAULT_AREA_CODE, country)
    )
      errors.push({ field: "phone", message: PROFILE_MESSAGES.phoneInvalid });
    if (input.country !== undefined && input.country !== "" && !isCountryCode(input.country))
      errors.push({ field: "country", message: PROFILE_REFUSALS.countryUnknown });
    const state = input.state ?? user.state;
    const states = statesOf(country);
    if ((input.state !== undefined || input.country !== undefined) && state !== "" && states.length > 0) {
      if (!states.some((s) => s.code === state))
        errors.push({ field: "state", message: PROFILE_REFUSALS.stateUnknown });
    }
    if (input.street_type !== undefined && input.street_type !== "" && !(input.street_type in STREET_TYPES))
      errors.push({ field: "street_type", message: PROFILE_REFUSALS.streetTypeUnknown });
    const postcode = input.postcode ?? user.postcode;
    if (
      (input.postcode !== undefined || input.country !== undefined) &&
      country === "AU" &&
      postcode !== ""
    ) {
      if (!AU_POSTCODE.test(postcode))
        errors.push({ field: "postcode", message: PROFILE_REFUSALS.postcodeInvalid });
    }
    if (input.new_password) {
      const { old: current = "", new: next = "" } = input.new_password;
      if (!current)
        errors.push({ field: "new_password.old", message: PROFILE_MESSAGES.currentPasswordRequired });
      if (!next) errors.push({ field: "new_password.new", message: PROFILE_MESSAGES.newPasswordRequired });
      else if (next.length < PASSWORD_MIN_CHARS)
        errors.push({ field: "new_password.new", message: PROFILE_MESSAGES.passwordTooShort });
      const { confirm } = input.new_password;
      if (confirm !== undefined && confirm !== next)
        errors.push({
          field: "new_password.confirm",
          message: confirm
            ? PROFILE_MESSAGES.confirmPasswordMismatch
            : PROFILE_MESSAGES.confirmPasswordRequired,
        });
    }
    if (
      input.lyd_avatar !== undefined &&
      input.lyd_avatar !== null &&
      input.lyd_avatar !== user.avatarMediaId
    ) {
      const own = await deps.avatars?.().isOwnAvatar(user.id, input.lyd_avatar);
      if (!own) errors.push({ field: "lyd_avatar", message: PROFILE_REFUSALS.avatarUnknown });
    }
    return errors;
  }

  return {
    /**
     * Saves the person's own profile (POST /users/{id}). Everything is checked before anything
     * is written: a bad field or a wrong current password changes nothing. A new password ends
     * the person's other sessions; the one saving stays signed in.
     */
    async updateProfile(actor: Actor, userId: number, input: UpdateProfileRequest, request: { ip: string }) {
      if (!canEditProfile(actor, userId)) throw notFound("User not found.");
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound("User not found.");
      const errors = await profileErrors(user, input);
      let passwordHash: string | undefined;
      const currentPassword = input.new_password?.old;
      const newPassword = input.new_password?.new;
      if (errors.length === 0 && currentPassword && newPassword) {
        const credentials = deps.credentials?.();
        if (!credentials) throw new Error("credentials port not wired");
        const verified = await credentials.verifyCurrent({
          email: user.email,
          passwordHash: user.passwordHash,
          password: currentPassword,
          ip: request.ip,
        });
        if (!verified)
          errors.push({ field: "new_password.old", message: PROFILE_REFUSALS.currentPasswordWrong });
        else passwordHash = await credentials.hash(newPassword);
      }
      const [first] = errors;
      if (first) throw badRequest(first.message, errors);

      await db
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          displayName: input.name,
          phone: input.phone,
          phoneAreaCode: input.phone_area_code === "" ? DEFAULT_AREA_CODE : input.phone_area_code,
          unit: input.unit,
          floor: input.floor,
          streetNumber: input.address_1,
          streetName: input.address_2,
          streetType: input.street_type,
          city: input.city,
          state: input.state,
          postcode: input.postcode,
          country: input.country,
          avatarMediaId: input.lyd_avatar,
          passwordHash,
          updatedAt: now(),
        })
        .where(eq(users.id, userId));
      if (passwordHash) await deps.credentials?.().endOtherSessions(actor);
    },

    async findByEmail(email: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return user;
    },

    /** Sets a person's password hash: a reset link was used (auth checked it, in `tx`). */
    async setPasswordHash(userId: number, passwordHash: string, tx: Database = db) {
      await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
    },

    async findById(id: number) {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /**
     * A user's row and a value another module works out for them, in one statement: GET
     * /users/me is the profile and the person's firms, and the teams module, which owns the
     * firms, hands in its fragment (a function of the user's id column) rather than reading
     * this module's table.
     */
    async withExtra<T>(userId: number, extraOf: (userIdColumn: SQLWrapper) => SQL<T>) {
      const [row] = await db
        // Named with its table: a statement on one table leaves its columns unqualified, and the
        // fragment's own tables have an id too.
        .select({ user: users, extra: extraOf(sql`${users}.${sql.identifier("id")}`) })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Names and emails of several users, for lists of members. */
    async summaries(userIds: number[]) {
      if (userIds.length === 0) return new Map<number, { name: string; email: string }>();
      // Only what a name needs: lists and trees ask for this on every build, and a password hash
      // has no business in a list's memory.
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(inArray(users.id, userIds));
      return new Map(rows.map((u) => [u.id, { name: displayNameOf(u), email: u.email }]));
    },
  };
}
