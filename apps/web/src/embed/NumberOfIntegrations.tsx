import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useCurrentTeam } from "../current-firm/use-current-team";
import { connectedAppsQuery } from "../features/integrations/api";

const INTEGRATIONS_PATH = "/my-account/my-integration";

/**
 * The number-integration slot: how many apps the firm has connected, as the server counts them
 * (the connected apps' list), leading to the integrations page.
 */
export function NumberOfIntegrations() {
  const { team } = useCurrentTeam();
  const connected = useQuery({ ...connectedAppsQuery(team?.id ?? 0), enabled: team !== undefined });
  if (!team || !connected.data) return null;
  const count = connected.data.filter((app) => app.is_connected === "1").length;
  return (
    <Link to={INTEGRATIONS_PATH} className="number-integration">
      Connected integrations: <strong>{count}</strong>
    </Link>
  );
}
