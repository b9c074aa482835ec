import type { CurrentUser, UserTeam } from "@precedent/contracts";
import { createContext, useContext } from "react";

export type CurrentTeamContextValue = {
  user: CurrentUser;
  /** The firm the pages show; undefined for a user who belongs to no firm. */
  team: UserTeam | undefined;
  selectTeam: (teamId: number) => void;
};

export const CurrentTeamContext = createContext<CurrentTeamContextValue | null>(null);

/** The signed-in user and the firm selected in the organisation dropdown. */
export function useCurrentTeam(): CurrentTeamContextValue {
  const value = useContext(CurrentTeamContext);
  if (!value) throw new Error("useCurrentTeam is used outside CurrentTeamProvider");
  return value;
}
