import { describe, expect, it } from "vitest";
import { CheckoutRequest } from "./catalogue.ts";

// Stripe was handed http://evil.example/ as its success address: these passed the old check
// (starts with "/", not with "//") but lead to another host once read as a URL.
describe("checkout return addresses", () => {
  it.each([
    "/\\evil.example/",
    "/\t/evil.example/",
    "/\\/evil.example",
    "//evil.example/",
    "https://evil.example/",
  ])("refuses %j", (address) => {
    const parsed = CheckoutRequest.safeParse({ order_id: 1, success_url: address });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Return addresses must be paths of this site.");
  });

  it("accepts a path of this site, with its query", () => {
    const parsed = CheckoutRequest.safeParse({
      order_id: 1,
      success_url: "/my-account/my-document?order_id=1",
      cancel_url: "/my-account/products",
    });
    expect(parsed.success).toBe(true);
  });
});
