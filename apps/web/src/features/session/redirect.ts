import { isSitePath } from "@precedent/contracts";
import { HOME_PATH, LOGIN_PATH } from "../../constants";

/**
 * The page to return to after signing in. Only a path on this site is accepted, so a crafted
 * link cannot send someone elsewhere after they sign in.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !isSitePath(raw)) return HOME_PATH;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`) || raw.startsWith(`${LOGIN_PATH}/`)) {
    return HOME_PATH;
  }
  return raw;
}

/** The sign-in page, remembering where to come back to. */
export function loginPath(returnTo?: string): string {
  return returnTo && safeRedirect(returnTo) === returnTo
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`
    : LOGIN_PATH;
}
