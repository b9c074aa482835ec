import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { forgetSession } from "./forget-session";
import { loginPath } from "./redirect";

/**
 * Takes the browser to the sign-in page and then forgets the session's data. Navigating first
 * unmounts the signed-in pages, so their queries do not refetch into a cleared cache.
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (returnTo?: string) => {
      await navigate(loginPath(returnTo), { replace: true });
      forgetSession(queryClient);
    },
    [navigate, queryClient],
  );
}
