import { describe, expect, it } from "vitest";
import { createTemplateLibrary } from "../templates/index.ts";
import { CATEGORY_TREE, placement } from "./seed.ts";

// Where each library template is filed in the catalogue's tree (issue 34: the new templates in the
// right categories). No database: placement is a function of the template and its catalogue.json.

const library = createTemplateLibrary();
const leafOf = (identifier: string) => {
  const template = library.get(identifier);
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

  it("files the employment contract under Business & Commercial, a top-level leaf every paid plan includes", () => {
    expect(leafOf("employment-contract")).toBe("Business & Commercial");
  });

  it("files the enduring power of attorney beside the general one, under Estate Planning › Powers of Attorney", () => {
    expect(leafOf("enduring-power-of-attorney")).toBe("Powers of Attorney");
  });

  it("files every library template on a leaf of the tree (none becomes a stray top-level category)", () => {
    const leaves = new Set(CATEGORY_TREE.flatMap((top) => top.children ?? [top.name]));
    for (const template of library.list())
      expect(leaves, template.identifier).toContain(placement(template, String(template.catalogue.category)));
  });
});
