import { useQuery } from "@tanstack/react-query";
import { App, Flex } from "antd";
import { type ReactNode, useEffect } from "react";
import { checkSession } from "../../api/auth";
import { isApiError } from "../../api/client";
import { FullPageSpin } from "../../components/FullPageSpin";
import { LoadError } from "../../components/LoadError";
import { ActiveSession } from "./ActiveSession";

export const sessionCheckQueryKey = ["auth", "check"] as const;

/**
 * Page bootstrap: the auth check runs first and the signed-in pages render only after it.
 * A 401 signs out through the API client; any other failure is shown as an error toast.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
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

  if (check.isSuccess) return <ActiveSession session={check.data}>{children}</ActiveSession>;
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
