import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext } from "react";
import { useNavigate } from "react-router";
import { forgetSession } from "./forget-session";
import { loginPath } from "./redirect";

/**
 * How a page mounted into a host site's slots leaves a session instead (src/embed): the host's page
 * stays, and the widgets show the sign-in form in place of the firm's data.
 */
export const LeaveSessionOverride = createContext<((returnTo?: string) => Promise<void>) | undefined>(
  undefined,
);

/**
 * Takes the browser to the sign-in page and then forgets the session's data. Navigating first
 * unmounts the signed-in pages, so their queries do not refetch into a cleared cache.
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const override = useContext(LeaveSessionOverride);
  const leaveForSignIn = useCallback(
    async (returnTo?: string) => {
      await navigate(loginPath(returnTo), { replace: true });
      forgetSession(queryClient);
    },
    [navigate, queryClient],
  );
  return override ?? leaveForSignIn;
}
