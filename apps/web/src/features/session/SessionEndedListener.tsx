import { useEffect } from "react";
import { onSessionEnded } from "../../api/client";
import { LOGIN_PATH } from "../../constants";
import { useLeaveSession } from "./use-leave-session";

/** Any 401 from a signed-in call means the server ended the session: sign this browser out. */
export function SessionEndedListener() {
  const leaveSession = useLeaveSession();
  useEffect(
    () =>
      onSessionEnded(() => {
        const { pathname, search } = window.location;
        if (pathname === LOGIN_PATH) return;
        void leaveSession(`${pathname}${search}`);
      }),
    [leaveSession],
  );
  return null;
}
