import type { CurrentUser } from "@precedent/contracts";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { readStoredTeamId, storeTeamId } from "./stored-team";
import { CurrentTeamContext } from "./use-current-team";

/** The firm `selectedId` names if the user still belongs to it, else their first. */
export function chosenTeam(user: CurrentUser, selectedId = readStoredTeamId()) {
  return user.teams.find((t) => t.id === selectedId) ?? user.teams[0];
}

/** Chooses the firm to show: the stored one if the user still belongs to it, else their first. */
export function CurrentTeamProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [selectedId, setSelectedId] = useState(readStoredTeamId);
  const team = chosenTeam(user, selectedId);

  // Other pages of the site read the firm from storage too, so the fallback is written back.
  useEffect(() => {
    if (team && team.id !== readStoredTeamId()) storeTeamId(team.id);
  }, [team]);

  const selectTeam = useCallback((teamId: number) => {
    storeTeamId(teamId);
    setSelectedId(teamId);
  }, []);

  const value = useMemo(() => ({ user, team, selectTeam }), [user, team, selectTeam]);
  return <CurrentTeamContext value={value}>{children}</CurrentTeamContext>;
}
