import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, OWNER } from "./support";

test.describe("account header on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });

  test("My Company and Sign out do not overlap, and a tap on My Company opens the company page", async ({
    page,
  }) => {
    const reply = await page.request.post("/api/auth/login", {
      data: { email: OWNER.email, password: DEMO_PASSWORD },
    });
    expect(reply.status()).toBe(200);
    await page.goto("/my-account/my-document");
    const navigation = page.getByRole("navigation", { name: "Account" });
    const myCompany = navigation.getByRole("link", { name: "My Company" });
    const signOut = page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true });
    // The header with the person's account (Upgrade comes with it), not the frame shown before.
    await expect(navigation.getByRole("button", { name: "Upgrade" })).toBeVisible({ timeout: 30_000 });
    await expect(myCompany).toBeVisible();
    await expect(signOut).toBeVisible();

    const a = await myCompany.boundingBox();
    const b = await signOut.boundingBox();
    if (!a || !b) throw new Error("both controls are laid out");
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `My Company ${JSON.stringify(a)} and Sign out ${JSON.stringify(b)} overlap`).toBe(false);
    // Every navigation link fits on the phone's screen, none cut off at the edge.
    for (const link of await navigation.getByRole("link").all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      // ...and its label fits inside it rather than running into the next link's.
      const spill = await link.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(spill, `${await link.textContent()} spills ${spill} px`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: "/tmp/access-header-375.png" });

    // A real tap at the link's centre: whatever lies on top there gets it.
    await page.mouse.click(a.x + a.width / 2, a.y + a.height / 2);
    await expect(page).toHaveURL(/\/my-account\/my-company$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(signOut).toBeVisible();
  });
});
