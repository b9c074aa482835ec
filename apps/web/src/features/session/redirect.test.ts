import { describe, expect, it } from "vitest";
import { loginPath, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirect("/my-account/my-company?tab=team")).toBe("/my-account/my-company?tab=team");
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\\evil.example/",
    "/\t/evil.example/",
    "/\\/evil.example",
  ])("sends %j to My Documents instead", (raw) => {
    expect(safeRedirect(raw)).toBe("/my-account/my-document");
  });

  it("never returns to the sign-in page itself", () => {
    expect(safeRedirect("/login")).toBe("/my-account/my-document");
    expect(safeRedirect("/login?redirect=%2Fx")).toBe("/my-account/my-document");
  });
});

describe("loginPath", () => {
  it("remembers where to come back to", () => {
    expect(loginPath("/my-account/my-company?tab=team")).toBe(
      "/login?redirect=%2Fmy-account%2Fmy-company%3Ftab%3Dteam",
    );
    expect(loginPath()).toBe("/login");
    expect(loginPath("//evil.example")).toBe("/login");
  });
});
