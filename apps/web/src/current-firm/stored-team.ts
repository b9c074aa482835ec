import { TEAM_ID_STORAGE_KEY } from "../constants";

export function readStoredTeamId(): number | undefined {
  try {
    const value = Number(localStorage.getItem(TEAM_ID_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeTeamId(teamId: number): void {
  try {
    localStorage.setItem(TEAM_ID_STORAGE_KEY, String(teamId));
  } catch {
    // The selection then lasts only for this page.
  }
}
