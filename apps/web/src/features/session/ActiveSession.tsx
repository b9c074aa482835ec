import type { SessionInfo } from "@precedent/contracts";
import { type ReactNode, useEffect, useState } from "react";
import { checkSession } from "../../api/auth";
import { startActivityMonitor } from "./activity-monitor";
import { SessionExpired } from "./SessionExpired";

type ActiveSessionProps = { session: SessionInfo; children: ReactNode };

/** Keeps an active user's session alive and ends an idle one, with the server's timings. */
export function ActiveSession({ session, children }: ActiveSessionProps) {
  const { idle_timeout_ms: idleTimeoutMs, keep_alive_ms: keepAliveMs } = session;
  const [expiredAt, setExpiredAt] = useState<string | null>(null);

  useEffect(
    () =>
      startActivityMonitor({
        idleTimeoutMs,
        keepAliveMs,
        keepAlive: () => checkSession(),
        onIdle: () => setExpiredAt(`${window.location.pathname}${window.location.search}`),
      }),
    [idleTimeoutMs, keepAliveMs],
  );

  if (expiredAt !== null) return <SessionExpired idleTimeoutMs={idleTimeoutMs} returnTo={expiredAt} />;
  return children;
}
