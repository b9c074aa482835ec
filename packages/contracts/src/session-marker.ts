// Kept apart from bootstrap.ts, which defines zod schemas: the web app reads the cookie's name
// on its first load, and importing it from a module with schemas would bring zod into that load.

/** The logged-in marker cookie (account-area §9): not the credential, only "a session is on". */
export const LOGGED_IN_COOKIE = "lydLogged";
/** Lifetime of the marker; each auth check (the keep-alive) renews it. */
export const LOGGED_IN_COOKIE_MAX_AGE_SECONDS = 20 * 60;
