import { LOGGED_IN_COOKIE } from "@precedent/contracts";

/**
 * The logged-in marker cookie (lydLogged). The server sets it at sign-in and renews it with each
 * keep-alive; the page reads it to render at once, and removes it when the server says the
 * session has ended (a 401), so the next page load checks first.
 */
export function hasLoggedInMarker(): boolean {
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${LOGGED_IN_COOKIE}=`));
}

export function removeLoggedInMarker(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie of our own, removed where the Cookie Store API is missing
  document.cookie = `${LOGGED_IN_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
