import { CONSOLE_MESSAGES, type StaffRole } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import {
  consoleAbilities,
  mayGrantCredits,
  mayTakeFulfilmentRequest,
  type StaffFacts,
  staffAbilities,
  staffChangeRefusal,
} from "./policy.ts";

const staff = (id: number, role: StaffRole, active = true): StaffFacts => ({ id, role, active });
const ada = staff(1, "administrator");
const bea = staff(2, "administrator");
const fran = staff(3, "fulfilment");

describe("the console's areas by role", () => {
  it.each([
    [
      "administrator",
      {
        fulfilment: true,
        staff: true,
        audit: true,
        queues: true,
        firms: true,
        settings: true,
        settings_edit: true,
        announcements: true,
        templates: true,
        catalogue: true,
        money: true,
      },
    ],
    [
      "fulfilment",
      {
        fulfilment: true,
        staff: false,
        audit: false,
        queues: false,
        firms: false,
        settings: false,
        settings_edit: false,
        announcements: false,
        templates: false,
        catalogue: false,
        money: false,
      },
    ],
    [
      "support",
      {
        fulfilment: false,
        staff: false,
        audit: false,
        queues: true,
        firms: true,
        settings: true,
        settings_edit: false,
        announcements: false,
        templates: false,
        catalogue: false,
        money: true,
      },
    ],
    [
      "content_editor",
      {
        fulfilment: false,
        staff: false,
        audit: false,
        queues: false,
        firms: false,
        settings: false,
        settings_edit: false,
        announcements: true,
        templates: true,
        catalogue: true,
        money: false,
      },
    ],
  ] as const)("%s", (role, abilities) => {
    expect(consoleAbilities(role)).toEqual(abilities);
  });

  it("lets only administrators grant credits", () => {
    expect(
      ["administrator", "support", "content_editor", "fulfilment"].filter((r) =>
        mayGrantCredits(r as StaffRole),
      ),
    ).toEqual(["administrator"]);
  });

  it("gives a fulfilment request only to active staff who work the queue", () => {
    expect(mayTakeFulfilmentRequest(fran)).toBe(true);
    expect(mayTakeFulfilmentRequest(ada)).toBe(true);
    expect(mayTakeFulfilmentRequest(staff(4, "support"))).toBe(false);
    expect(mayTakeFulfilmentRequest(staff(5, "fulfilment", false))).toBe(false);
  });
});

describe("changing staff accounts", () => {
  it("refuses deactivating oneself", () => {
    expect(staffChangeRefusal(ada, ada, { active: false }, 2)).toBe(CONSOLE_MESSAGES.notYourself);
  });

  it("refuses leaving no active administrator, by demotion or deactivation", () => {
    expect(staffChangeRefusal(bea, ada, { role: "support" }, 1)).toBe(CONSOLE_MESSAGES.lastAdministrator);
    expect(staffChangeRefusal(bea, ada, { active: false }, 1)).toBe(CONSOLE_MESSAGES.lastAdministrator);
    expect(staffChangeRefusal(ada, ada, { role: "fulfilment" }, 1)).toBe(CONSOLE_MESSAGES.lastAdministrator);
  });

  it("allows it while another administrator remains, and any change to other roles", () => {
    expect(staffChangeRefusal(bea, ada, { role: "support" }, 2)).toBeNull();
    expect(staffChangeRefusal(ada, fran, { active: false }, 1)).toBeNull();
    expect(staffChangeRefusal(ada, fran, { role: "administrator" }, 1)).toBeNull();
    expect(staffChangeRefusal(ada, ada, { role: "administrator" }, 1)).toBeNull();
  });

  it("offers exactly what it would allow", () => {
    expect(staffAbilities(ada, ada, 1)).toEqual({ change_role: false, deactivate: false, reactivate: false });
    expect(staffAbilities(ada, bea, 2)).toEqual({ change_role: true, deactivate: true, reactivate: false });
    expect(staffAbilities(ada, staff(6, "support", false), 1)).toEqual({
      change_role: false,
      deactivate: false,
      reactivate: true,
    });
  });
});
