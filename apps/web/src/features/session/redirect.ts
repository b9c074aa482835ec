import { isSitePath } from "@precedent/contracts";
import { LOGIN_PATH, SIGN_IN_LANDING_PATH } from "../../constants";

/**
 * The page to return to after signing in. Only a path on this site is accepted, so a crafted
 * link cannot send someone elsewhere after they sign in.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !isSitePath(raw)) return SIGN_IN_LANDING_PATH;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`) || raw.startsWith(`${LOGIN_PATH}/`)) {
    return SIGN_IN_LANDING_PATH;
  }
  return raw;
}

/** The sign-in page, remembering where to come back to. */
export function loginPath(returnTo?: string): string {
  return returnTo && safeRedirect(returnTo) === returnTo
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`
    : LOGIN_PATH;
}
