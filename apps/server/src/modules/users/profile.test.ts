import { PROFILE_MESSAGES, PROFILE_REFUSALS } from "@precedent/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../test/harness.ts";
import { multipartFile, sampleImage } from "../../test/images.ts";
import { canEditProfile } from "./policy.ts";
import { type UserRow, users } from "./schema.ts";

let t: TestApp;
let teamId: number;
let people: Record<"owner" | "manager" | "member" | "outsider", { id: number; email: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const firm = await t.buildTeam({ name: "Harbour Legal Pty Ltd" });
  const other = await t.buildTeam({ name: "Elsewhere Pty Ltd", planSlug: "ly-basic" });
  teamId = firm.team.id;
  const manager = await t.addMember(teamId, "manager");
  const member = await t.addMember(teamId, "member");
  people = { owner: firm.owner, manager, member, outsider: other.owner };
});
afterAll(() => t.close());

const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const save = (token: string, id: number, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/users/${id}`, headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });

const FULL_PROFILE = {
  first_name: "Olivia",
  last_name: "Nguyen",
  name: "Liv Nguyen",
  phone: "0412 345 678",
  phone_area_code: "+61",
  unit: "4",
  floor: "2",
  address_1: "120",
  address_2: "Collins",
  street_type: "ST",
  city: "Melbourne",
  state: "VIC",
  postcode: "3000",
  country: "AU",
};

describe("canEditProfile", () => {
  it.each([
    ["their own profile", 7, true],
    ["anyone else's, whatever their role", 8, false],
  ])("a person may edit %s", (_what, userId, allowed) => {
    expect(canEditProfile({ userId: 7 }, userId)).toBe(allowed);
  });
});

describe("GET /api/users/me", () => {
  it("returns the profile with its billing details and no avatar yet", async () => {
    const token = await signIn(t, people.member.email);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: people.member.id,
      email: people.member.email,
      phone: "",
      phone_area_code: "+61",
      address_1: "",
      country: "",
      avatar: null,
      teams: [{ id: teamId, role: "member" }],
    });
  });
});

describe("POST /api/users/{id}", () => {
  it.each(["owner", "manager", "member"] as const)(
    "a %s saves their own profile and billing details",
    async (role) => {
      const token = await signIn(t, people[role].email);
      const res = await save(token, people[role].id, {
        ...FULL_PROFILE,
        email: people[role].email.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("");
      expect(res.json().data).toMatchObject({ ...FULL_PROFILE, email: people[role].email });
      expect((await me(token)).json().data).toMatchObject(FULL_PROFILE);
    },
  );

  it("leaves out fields that are not sent", async () => {
    const token = await signIn(t, people.owner.email);
    await save(token, people.owner.id, FULL_PROFILE);
    const res = await save(token, people.owner.id, { city: "Carlton" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...FULL_PROFILE, city: "Carlton" });
  });

  it("accepts another country's number with its area code, and a state as free text where none are listed", async () => {
    const token = await signIn(t, people.owner.email);
    const res = await save(token, people.owner.id, {
      phone: "020 7946 0958",
      phone_area_code: "+44",
      country: "GB",
      state: "Greater London",
      postcode: "SW1A 1AA",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ phone_area_code: "+44", country: "GB", state: "Greater London" });
  });

  it.each([
    ["first_name", { first_name: " " }, PROFILE_MESSAGES.firstNameRequired],
    ["last_name", { last_name: "" }, PROFILE_MESSAGES.lastNameRequired],
    ["name", { name: "" }, PROFILE_MESSAGES.displayNameRequired],
    ["email", { email: "" }, PROFILE_MESSAGES.emailRequired],
    ["email", { email: "not-an-email" }, PROFILE_MESSAGES.emailFormat],
    ["email", { email: "someone.else@firm.test" }, PROFILE_REFUSALS.emailReadOnly],
    ["phone", { phone: "12345" }, PROFILE_MESSAGES.phoneInvalid],
    ["phone", { phone: "0412 345 678", phone_area_code: "+44" }, PROFILE_MESSAGES.phoneInvalid],
    ["phone_area_code", { phone_area_code: "+999" }, PROFILE_REFUSALS.areaCodeUnknown],
    [
      "new_password.old",
      { new_password: { old: "", new: "a long enough password" } },
      PROFILE_MESSAGES.currentPasswordRequired,
    ],
    [
      "new_password.new",
      { new_password: { old: TEST_PASSWORD, new: "" } },
      PROFILE_MESSAGES.newPasswordRequired,
    ],
    [
      "new_password.new",
      { new_password: { old: TEST_PASSWORD, new: "elevenchars" } },
      PROFILE_MESSAGES.passwordTooShort,
    ],
    ["country", { country: "XX" }, PROFILE_REFUSALS.countryUnknown],
    ["state", { country: "AU", state: "Greater London" }, PROFILE_REFUSALS.stateUnknown],
    ["street_type", { street_type: "BOGUS" }, PROFILE_REFUSALS.streetTypeUnknown],
    ["postcode", { country: "AU", postcode: "300" }, PROFILE_REFUSALS.postcodeInvalid],
    ["lyd_avatar", { lyd_avatar: 987654 }, PROFILE_REFUSALS.avatarUnknown],
  ])("refuses a bad %s with '%s' and changes nothing", async (field, body, message) => {
    const token = await signIn(t, people.member.email);
    const before = await rowOf(people.member.id);
    const res = await save(token, people.member.id, { ...FULL_PROFILE, city: "Changed", ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().data.errors).toContainEqual({ field, message });
    expect(await rowOf(people.member.id)).toEqual(before);
  });

  it.each([
    ["a colleague (the owner)", "owner", "member"],
    ["a member, the owner's", "member", "owner"],
    ["another firm's owner", "outsider", "member"],
  ] as const)("is 404 for %s profile, which stays unchanged", async (_who, actor, target) => {
    const token = await signIn(t, people[actor].email);
    const before = await rowOf(people[target].id);
    const res = await save(token, people[target].id, { first_name: "Mallory" });
    expect(res.statusCode).toBe(404);
    expect(await rowOf(people[target].id)).toEqual(before);
  });

  it("needs a session", async () => {
    const res = await t.app.inject({ method: "POST", url: `/api/users/${people.member.id}`, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("sets and removes the avatar uploaded by the person, not another's", async () => {
    const token = await signIn(t, people.member.email);
    const ownerToken = await signIn(t, people.owner.email);
    const uploadAs = async (who: string) => {
      const body = multipartFile({ name: "me.png", type: "image/png", bytes: await sampleImage("png") });
      const res = await t.app.inject({
        method: "POST",
        url: `/api/media?id_team=${teamId}&purpose=avatar`,
        headers: { ...bearer(who), ...body.headers },
        payload: body.payload,
      });
      return res.json().data.id as number;
    };
    const mine = await uploadAs(token);
    const res = await save(token, people.member.id, { lyd_avatar: mine });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toEqual({ id: mine, src: `/api/media/${mine}` });
    const theirs = await uploadAs(ownerToken);
    const refused = await save(token, people.member.id, { lyd_avatar: theirs });
    expect(refused.statusCode).toBe(400);
    expect((await rowOf(people.member.id))?.avatarMediaId).toBe(mine);
    const removed = await save(token, people.member.id, { lyd_avatar: null });
    expect(removed.json().data.avatar).toBeNull();
  });

  describe("changing the password", () => {
    let person: UserRow;
    beforeEach(async () => {
      person = await t.buildUser();
      await t.addMember(teamId, "member", person);
    });

    it("needs the current password, ends the person's other sessions and keeps this one", async () => {
      const current = await signIn(t, person.email);
      const otherDevice = await signIn(t, person.email);
      const colleague = await signIn(t, people.owner.email);
      const newPassword = "a much longer passphrase";
      const res = await save(current, person.id, {
        new_password: { old: TEST_PASSWORD, new: newPassword },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(otherDevice)).statusCode).toBe(401);
      expect((await me(colleague)).statusCode).toBe(200);
      // The new password signs in; the old one no longer does.
      await expect(signIn(t, person.email, newPassword)).resolves.toBeTypeOf("string");
      await expect(signIn(t, person.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    });

    it("a wrong current password changes nothing: not the password, not the profile, no session ended", async () => {
      const current = await signIn(t, person.email);
      const otherDevice = await signIn(t, person.email);
      const before = await rowOf(person.id);
      const res = await save(current, person.id, {
        first_name: "Changed",
        new_password: { old: "not the password at all", new: "a much longer passphrase" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: PROFILE_REFUSALS.currentPasswordWrong,
        data: { errors: [{ field: "new_password.old", message: PROFILE_REFUSALS.currentPasswordWrong }] },
      });
      expect(await rowOf(person.id)).toEqual(before);
      expect((await me(otherDevice)).statusCode).toBe(200);
      await expect(signIn(t, person.email, TEST_PASSWORD)).resolves.toBeTypeOf("string");
    });

    it.each([
      [
        "a new password without the current one",
        { new: "a much longer passphrase" },
        [{ field: "new_password.old", message: PROFILE_MESSAGES.currentPasswordRequired }],
      ],
      [
        "the current password without a new one",
        { old: TEST_PASSWORD },
        [{ field: "new_password.new", message: PROFILE_MESSAGES.newPasswordRequired }],
      ],
      [
        "a new password of 11 characters",
        { old: TEST_PASSWORD, new: "elevenchars" },
        [{ field: "new_password.new", message: PROFILE_MESSAGES.passwordTooShort }],
      ],
      [
        "a 12-character new password its confirmation does not match",
        { old: TEST_PASSWORD, new: "twelve chars", confirm: "twelve charz" },
        [{ field: "new_password.confirm", message: PROFILE_MESSAGES.confirmPasswordMismatch }],
      ],
      [
        "an empty confirmation",
        { old: TEST_PASSWORD, new: "twelve chars", confirm: "" },
        [{ field: "new_password.confirm", message: PROFILE_MESSAGES.confirmPasswordRequired }],
      ],
    ])("refuses %s with the spec's message and changes nothing", async (_case, newPassword, errors) => {
      const current = await signIn(t, person.email);
      const otherDevice = await signIn(t, person.email);
      const before = await rowOf(person.id);
      const res = await save(current, person.id, { first_name: "Changed", new_password: newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toEqual(errors);
      expect(await rowOf(person.id)).toEqual(before);
      expect((await me(otherDevice)).statusCode).toBe(200);
      await expect(signIn(t, person.email, TEST_PASSWORD)).resolves.toBeTypeOf("string");
    });

    it("takes a confirmation that matches", async () => {
      const current = await signIn(t, person.email);
      const res = await save(current, person.id, {
        new_password: { old: TEST_PASSWORD, new: "twelve chars", confirm: "twelve chars" },
      });
      expect(res.statusCode).toBe(200);
      await expect(signIn(t, person.email, "twelve chars")).resolves.toBeTypeOf("string");
    });

    it("counts wrong current passwords as failed sign-ins: past the free ones, the next waits", async () => {
      const current = await signIn(t, person.email);
      const newPassword = "a much longer passphrase";
      for (let guess = 1; guess <= 5; guess++) {
        const res = await save(current, person.id, {
          new_password: { old: `wrong guess ${guess}`, new: newPassword },
        });
        expect(res.statusCode).toBe(400);
      }
      const before = await rowOf(person.id);
      const waiting = await save(current, person.id, {
        new_password: { old: TEST_PASSWORD, new: newPassword },
      });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().data.retry_after_seconds).toBeGreaterThan(0);
      expect(await rowOf(person.id)).toEqual(before);
      t.clock.advance(31_000);
      const after = await save(current, person.id, {
        new_password: { old: TEST_PASSWORD, new: newPassword },
      });
      expect(after.statusCode).toBe(200);
    });

    it("leaves the password as it is when none is sent", async () => {
      const current = await signIn(t, person.email);
      const otherDevice = await signIn(t, person.email);
      const res = await save(current, person.id, { first_name: "Renamed" });
      expect(res.statusCode).toBe(200);
      expect((await me(otherDevice)).statusCode).toBe(200);
      await expect(signIn(t, person.email, TEST_PASSWORD)).resolves.toBeTypeOf("string");
    });
  });
});

describe("GET /api/data/countries", () => {
  it("lists countries with calling codes, and Australia's eight states and territories", async () => {
    const token = await signIn(t, people.member.email);
    const res = await t.app.inject({ method: "GET", url: "/api/data/countries", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const countries = res.json().data as {
      code: string;
      name: string;
      area_code: string;
      states: unknown[];
    }[];
    expect(countries.length).toBeGreaterThan(230);
    const australia = countries.find((c) => c.code === "AU");
    expect(australia).toMatchObject({ name: "Australia", area_code: "+61" });
    expect(australia?.states).toHaveLength(8);
    expect(australia?.states).toContainEqual({ code: "NSW", name: "New South Wales" });
    expect(countries.find((c) => c.code === "NZ")).toMatchObject({ area_code: "+64" });
    expect(countries.find((c) => c.code === "US")?.states).toHaveLength(51);
    expect(countries.find((c) => c.code === "FR")).toMatchObject({ area_code: "+33", states: [] });
  });
});

describe("GET /api/street-types", () => {
  it("returns Australia Post's street types", async () => {
    const token = await signIn(t, people.member.email);
    const res = await t.app.inject({ method: "GET", url: "/api/street-types", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { code, street_types } = res.json().data;
    expect(code).toBe(200);
    expect(street_types).toMatchObject({
      ST: "Street",
      RD: "Road",
      AV: "Avenue",
      CR: "Crescent",
      PDE: "Parade",
    });
  });
});
