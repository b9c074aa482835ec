import { useQuery } from "@tanstack/react-query";
import { membershipQuery } from "../../api/membership";
import { useCurrentTeam } from "../../current-firm/use-current-team";

/** The current firm's membership as the signed-in user reads it; idle without a firm. */
export function useMembership() {
  const { user, team } = useCurrentTeam();
  const query = useQuery({
    ...membershipQuery(team?.id ?? 0, user.id),
    enabled: team !== undefined,
  });
  return { teamId: team?.id, query };
}
