import { LOGGED_IN_COOKIE } from "@precedent/contracts";

/**
 * A page built ahead (prerender.tsx) has no cookies to read: it is built as the people the server
 * sends it to see it, with the marker for a page of the account area, without it for the sign-in
 * page.
 */
let builtForSignedIn = false;

/** At build time: whether the page being built is sent to people with the logged-in marker. */
export function buildForSignedIn(signedIn: boolean): void {
  builtForSignedIn = signedIn;
}

/**
 * The logged-in marker cookie (lydLogged). The server sets it at sign-in and renews it with each
 * keep-alive; the page reads it to render at once, and removes it when the server says the
 * session has ended (a 401), so the next page load checks first.
 */
export function hasLoggedInMarker(): boolean {
  if (typeof document === "undefined") return builtForSignedIn;
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${LOGGED_IN_COOKIE}=`));
}

export function removeLoggedInMarker(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie of our own, removed where the Cookie Store API is missing
  document.cookie = `${LOGGED_IN_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
