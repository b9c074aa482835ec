import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { CATEGORY_TREE, placement } from "./seed.ts";

// Where each library template is filed in the catalogue's tree (issue 34: the new templates in the
// right categories). No database: placement is a function of the template and its catalogue.json.

const library = createTemplateLibrary();
const leafOf = (identifier: string) => {
  const template = library.starter(identifier);
  if (!template) throw new Error(`no template ${identifier}`);
  return placement(template, String(template.catalogue.category));
};
const parentOf = (leaf: string) => CATEGORY_TREE.find((top) => top.children?.includes(leaf))?.name;

describe("catalogue placement", () => {
  it("files the general power of attorney under Estate Planning › Powers of Attorney, not Wills", () => {
    expect(leafOf("general-power-of-attorney")).toBe("Powers of Attorney");
    expect(parentOf("Powers of Attorney")).toBe("Estate Planning");
    expect(leafOf("simple-will")).toBe("Wills");
  });

  it("files the memorandum of wishes under Trusts › Discretionary Trusts", () => {
    expect(leafOf("memorandum-of-wishes")).toBe("Discretionary Trusts");
    expect(parentOf("Discretionary Trusts")).toBe("Trusts");
  });

  it("files the SMSF investment strategy under Superannuation › SMSF", () => {
    expect(leafOf("smsf-investment-strategy")).toBe("SMSF");
    expect(parentOf("SMSF")).toBe("Superannuation");
  });

  it("files the investment strategy's review minutes beside the strategy, under Superannuation › SMSF", () => {
    expect(leafOf("smsf-investment-strategy-review-minutes")).toBe("SMSF");
  });

  it("files the employment contract under Business & Commercial, a top-level leaf every paid plan includes", () => {
    expect(leafOf("employment-contract")).toBe("Business & Commercial");
  });

  it("files the advance care directive under Estate Planning › Advance Care Directives, neither a will nor a power", () => {
    expect(leafOf("advance-care-directive")).toBe("Advance Care Directives");
    expect(parentOf("Advance Care Directives")).toBe("Estate Planning");
    expect(leafOf("general-power-of-attorney")).toBe("Powers of Attorney");
  });

  it("files the business name transfer and the engagement letter under Business & Commercial, which every paid plan includes", () => {
    // An engagement letter is the firm's own document for either matter, so it is not filed under
    // Companies or Estate Planning: one template, one leaf, reachable from both kinds of work by search.
    expect(leafOf("business-name-transfer")).toBe("Business & Commercial");
    expect(leafOf("engagement-letter")).toBe("Business & Commercial");
  });

  it("files the partnership agreement under Business & Commercial, and the share sale under Companies › Company Administration", () => {
    expect(leafOf("partnership-agreement")).toBe("Business & Commercial");
    // A sale of an existing company's shares is used after set-up, beside the change of officer it leads to.
    expect(leafOf("share-sale-agreement")).toBe("Company Administration");
    expect(parentOf("Company Administration")).toBe("Companies");
  });

  it("files the enduring power of attorney beside the general one, under Estate Planning › Powers of Attorney", () => {
    expect(leafOf("enduring-power-of-attorney")).toBe("Powers of Attorney");
  });

  it("files every library template on a leaf of the tree (none becomes a stray top-level category)", () => {
    const leaves = new Set(CATEGORY_TREE.flatMap((top) => top.children ?? [top.name]));
    for (const template of library.starters())
      expect(leaves, template.identifier).toContain(placement(template, String(template.catalogue.category)));
  });
});
