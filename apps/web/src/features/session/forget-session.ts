import type { QueryClient } from "@tanstack/react-query";
import { TEAM_ID_STORAGE_KEY } from "../../constants";
import { removeLoggedInMarker } from "./logged-in-marker";

/**
 * Drops what this browser holds of the signed-in user: cached server data, the selected firm and
 * the logged-in marker, so the next person to sign in on this browser starts clean.
 */
export function forgetSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.clear();
  removeLoggedInMarker();
  try {
    localStorage.removeItem(TEAM_ID_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked); nothing was kept there then.
  }
}
