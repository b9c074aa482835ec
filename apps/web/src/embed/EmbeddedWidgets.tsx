import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Flex, Spin } from "antd";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { checkSession } from "../api/auth";
import { isApiError, onSessionEnded } from "../api/client";
import { currentUserQuery } from "../api/users";
import { LoadError } from "../components/LoadError";
import { CurrentTeamProvider } from "../current-firm/CurrentTeamProvider";
import { LoginPage } from "../features/auth/LoginPage";
import { ActiveSession } from "../features/session/ActiveSession";
import { AnnouncementToast } from "../features/session/AnnouncementToast";
import { forgetSession } from "../features/session/forget-session";
import { LeaveSessionOverride } from "../features/session/use-leave-session";
import { SlotWidget } from "./SlotWidget";
import { type HostSlot, PAGE_SLOTS } from "./slot-ids";

const embeddedSessionQueryKey = ["auth", "check", "embedded"] as const;

/** Each slot's widget, drawn into the slot's element. */
const inSlots = (slots: HostSlot[], widget: (slot: HostSlot) => ReactNode) =>
  slots.map((slot) => createPortal(widget(slot), slot.element, slot.id));

/**
 * The widgets of one host page under one sign-in. Signed out, the first page slot holds the
 * sign-in form and the others stay empty; signed in, every slot shows its feature. A session that
 * ends (sign-out, idle, a 401 from any call) forgets the firm's data and brings the form back,
 * on the same host page.
 */
export function EmbeddedWidgets({ slots }: { slots: HostSlot[] }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: embeddedSessionQueryKey,
    // A 401 here is the signed-out state, not an ended session to report.
    queryFn: ({ signal }) => checkSession({ signal, unauthorizedEndsSession: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  // Set when the session ends here: the cache is then cleared, which its observers are not told of.
  const [ended, setEnded] = useState(false);
  const leaveSession = useCallback(async () => {
    // The signed-in widgets go first, so their queries do not refetch into the cleared cache.
    flushSync(() => setEnded(true));
    forgetSession(queryClient);
  }, [queryClient]);
  useEffect(() => onSessionEnded(() => void leaveSession()), [leaveSession]);
  const signedIn = useCallback(() => {
    setEnded(false);
    void queryClient.resetQueries({ queryKey: embeddedSessionQueryKey });
  }, [queryClient]);

  const signedOut = ended || (isApiError(session.error) && session.error.status === 401);
  let content: ReactNode;
  if (signedOut) {
    const formSlot = slots.find((slot) => (PAGE_SLOTS as readonly string[]).includes(slot.id)) ?? slots[0];
    content = formSlot && createPortal(<LoginPage onSignedIn={signedIn} />, formSlot.element, formSlot.id);
  } else if (session.isSuccess) {
    content = (
      <ActiveSession session={session.data}>
        <AnnouncementToast />
        <SignedInWidgets slots={slots} />
      </ActiveSession>
    );
  } else if (session.isError) {
    content = (
      <LoadError
        title="Cannot check your session"
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  } else {
    content = null;
  }
  return <LeaveSessionOverride value={leaveSession}>{content}</LeaveSessionOverride>;
}

function SignedInWidgets({ slots }: { slots: HostSlot[] }) {
  const user = useQuery(currentUserQuery());
  if (user.data) {
    return (
      <CurrentTeamProvider user={user.data}>
        {inSlots(slots, (slot) => (
          <SlotWidget id={slot.id} />
        ))}
      </CurrentTeamProvider>
    );
  }
  if (user.isError) {
    return (
      <LoadError
        title="Cannot get User's info"
        error={user.error}
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  }
  return (
    <Flex justify="center" role="status" aria-label="Loading your account">
      <Spin />
    </Flex>
  );
}
