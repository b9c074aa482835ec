// Practice software connected for the browser tests, as the integrations page connects it.
import { expect, type Page } from "@playwright/test";

/** Connects an app through the sandbox's consent form, as the browser does, but by API. */
export async function connectByApi(page: Page, teamId: number, slug: string) {
  const link = await page.request.get(`/api/${slug}/auth/get-link-register?id_team=${teamId}`);
  const url = new URL(((await link.json()) as { data: { url: string } }).data.url, "http://localhost");
  const q = url.searchParams;
  const consent = await page.request.post(url.pathname, {
    form: {
      redirect_uri: q.get("redirect_uri") ?? "",
      state: q.get("state") ?? "",
      code_challenge: q.get("code_challenge") ?? "",
      code_challenge_method: "S256",
      decision: "allow",
    },
    maxRedirects: 0,
  });
  const back = new URL(consent.headers().location ?? "", "http://localhost");
  const exchanged = await page.request.get(
    `/api/${slug}/auth/redirect?id_team=${teamId}&code=${back.searchParams.get("code")}&state=${back.searchParams.get("state")}`,
  );
  expect(exchanged.status(), await exchanged.text()).toBe(200);
}
