import type { QueryClient } from "@tanstack/react-query";
import { TEAM_ID_STORAGE_KEY } from "../../constants";

/**
 * Drops what this browser holds of the signed-in user: cached server data and the selected firm,
 * so the next person to sign in on this browser starts clean.
 */
export function forgetSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.clear();
  try {
    localStorage.removeItem(TEAM_ID_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked); nothing was kept there then.
  }
}
