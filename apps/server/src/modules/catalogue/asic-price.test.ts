import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { productMeta } from "./seed.ts";

// One source for ASIC's registration fee (issue 30): the catalogue shows the fee the server is set to
// pay (ASIC_REGISTRATION_FEE, passed to ensureCatalogue at each start), the figure the registration
// application prints (asic/registration-fee.ts), never a figure of its own in catalogue.json.

const registration = createTemplateLibrary().starter("company-registration");
if (!registration) throw new Error("no registration template");
const asicPrice = (fee: number | undefined) =>
  productMeta(registration.catalogue, fee).find((entry) => entry.key === "asic_price")?.value;

describe("the registration's ASIC fee in the catalogue", () => {
  it("is the setting's, whatever the setting is", () => {
    expect(asicPrice(611)).toBe("611");
    expect(asicPrice(620.5)).toBe("620.5");
  });

  it("is never a figure of catalogue.json: without the setting it is unknown, not a stale $597", () => {
    expect(asicPrice(undefined)).toBe("");
  });

  it("is shown only for a product that names an ASIC fee", () => {
    const nda = createTemplateLibrary().starter("mutual-nda");
    expect(productMeta(nda?.catalogue ?? {}, 611).some((entry) => entry.key === "asic_price")).toBe(false);
  });
});
