import { ASIC_ADDRESS_CHECK_UNCLEAR } from "@precedent/contracts";
import { describe, expect, it } from "vitest";
import { addressVerdict, registrationAddresses, verifyRegistrationAddresses } from "./address-verification";

const answers = {
  office_street: "Level 4, 120 Sample Street",
  office_suburb: "Melbourne",
  office_state: "VIC",
  office_postcode: "3000",
  business_same: "No",
  business_street: "7 Example Road",
  business_suburb: "Geelong",
  business_state: "VIC",
  business_postcode: "3220",
};

describe("the address check before payment", () => {
  it("reads true and false, also as strings, and nothing else, as a verdict", () => {
    expect([true, "true", false, "false"].map(addressVerdict)).toEqual([true, true, false, false]);
    for (const unclear of [undefined, null, 1, 0, "", "yes", "TRUE", {}]) {
      expect(addressVerdict(unclear)).toBeUndefined();
    }
  });

  it("takes the registered office as the principal place when the answer is Yes", () => {
    expect(registrationAddresses({ ...answers, business_same: "Yes" }).business).toEqual({
      street: "Level 4, 120 Sample Street",
      suburb: "Melbourne",
      state: "VIC",
      postcode: "3000",
    });
    expect(registrationAddresses(answers).business.suburb).toBe("Geelong");
  });

  it("checks each address and gives each its result", async () => {
    const asked: string[] = [];
    const results = await verifyRegistrationAddresses(answers, async (address) => {
      asked.push(address.suburb);
      return address.suburb === "Geelong"
        ? { isValid: "false", problems: ["Postcode 3220 is not in NSW."] }
        : { isValid: true, problems: [] };
    });
    expect(asked).toEqual(["Melbourne", "Geelong"]);
    expect(results).toEqual([
      {
        label: "Registered office address",
        text: "Level 4, 120 Sample Street, Melbourne, VIC 3000",
        isValid: true,
        problems: [],
      },
      {
        label: "Principal place of business address",
        text: "7 Example Road, Geelong, VIC 3220",
        isValid: false,
        problems: ["Postcode 3220 is not in NSW."],
      },
    ]);
  });

  it("checks a shared address once", async () => {
    let calls = 0;
    const results = await verifyRegistrationAddresses({ ...answers, business_same: "Yes" }, async () => {
      calls++;
      return { isValid: true, problems: [] };
    });
    expect(calls).toBe(1);
    expect(results.map((result) => result.isValid)).toEqual([true, true]);
  });

  it("makes a result neither true nor false an error, and passes a failed call's message on", async () => {
    await expect(
      verifyRegistrationAddresses(answers, async () => ({ isValid: "maybe", problems: [] })),
    ).rejects.toThrow(ASIC_ADDRESS_CHECK_UNCLEAR);
    await expect(
      verifyRegistrationAddresses(answers, async () => {
        throw new Error("Please enter the street address.");
      }),
    ).rejects.toThrow("Please enter the street address.");
  });
});
