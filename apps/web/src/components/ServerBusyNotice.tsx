import { useEffect, useState } from "react";
import { type BusyRetry, onServerBusy } from "../api/client";

export const serverBusyText = (seconds: number) =>
  `The server is busy making other documents. Trying again in ${seconds} ${seconds === 1 ? "second" : "seconds"}…`;

/**
 * Says, while any call waits for a busy server (503 SERVER_BUSY, retried by the API client after
 * the delay the server gives), that it is waiting and when it tries again: an assembly that waits
 * shows why, instead of a spinner that seems to hang. Plain markup, not antd's message: this is
 * part of every page's first load.
 */
export function ServerBusyNotice() {
  const [retry, setRetry] = useState<BusyRetry>({ done: true });
  useEffect(() => onServerBusy(setRetry), []);
  if ("done" in retry) return null;
  return (
    <div role="status" className="server-busy-notice">
      {serverBusyText(retry.seconds)}
    </div>
  );
}
