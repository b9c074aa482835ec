import type { SessionInfo } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Flex } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { checkSession } from "../../api/auth";
import { isApiError } from "../../api/client";
import { FullPageSpin } from "../../components/FullPageSpin";
import { LoadError } from "../../components/LoadError";
import { IDLE_TIMEOUT_MS, KEEP_ALIVE_MS } from "../../constants";
import { ActiveSession } from "./ActiveSession";
import { AnnouncementToast } from "./AnnouncementToast";
import { hasLoggedInMarker } from "./logged-in-marker";

/** The spec's timings, used until the server's arrive with the first check. */
const SPEC_SESSION: SessionInfo = { idle_timeout_ms: IDLE_TIMEOUT_MS, keep_alive_ms: KEEP_ALIVE_MS };

export const sessionCheckQueryKey = ["auth", "check"] as const;

/**
 * Page bootstrap (account-area §4). With the logged-in marker cookie, the pages render at once,
 * the keep-alive starts and the announcement is fetched, while the auth check runs behind them;
 * without it, the auth check runs first and the pages render after it. A 401 signs out through
 * the API client (and removes the marker); any other failure is shown as an error toast.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  // Read once per page load: the marker decides the order of this bootstrap only.
  const [marked] = useState(hasLoggedInMarker);
  const check = useQuery({
    queryKey: sessionCheckQueryKey,
    queryFn: ({ signal }) => checkSession({ signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const signedOut = isApiError(check.error) && check.error.status === 401;

  useEffect(() => {
    if (check.error && !signedOut) {
      message.error(`Cannot check your session. ${check.error.message}`);
    }
  }, [check.error, signedOut, message]);

  const signedIn = (session: SessionInfo) => (
    <ActiveSession session={session}>
      <AnnouncementToast />
      {children}
    </ActiveSession>
  );
  if (check.isSuccess) return signedIn(check.data);
  // The pages already shown stay; a failed check says so in its toast.
  if (marked && !signedOut) return signedIn(SPEC_SESSION);
  if (check.isError && !signedOut) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: "80vh" }}>
        <LoadError
          title="Cannot check your session"
          error={check.error}
          onRetry={() => void check.refetch()}
          retrying={check.isFetching}
        />
      </Flex>
    );
  }
  return <FullPageSpin label={signedOut ? "Signing you out…" : "Checking your session…"} />;
}
