import { Button, Layout, Modal } from "antd";
import { useEffect, useState } from "react";
import { signOut } from "../../api/auth";
import { BrandMark } from "../../components/BrandMark";
import { formatDuration } from "./format-duration";
import { useLeaveSession } from "./use-leave-session";

type SessionExpiredProps = { idleTimeoutMs: number; returnTo: string };

/**
 * The idle-session-expired modal. It replaces the signed-in pages, so firm data is no longer
 * on screen once the session has ended.
 */
export function SessionExpired({ idleTimeoutMs, returnTo }: SessionExpiredProps) {
  const leaveSession = useLeaveSession();
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    // The sign-in page checks the session; it must have ended by then or it would send us back.
    signOut()
      .catch(() => {
        // The server ends idle sessions by itself as well.
      })
      .finally(() => setSignedOut(true));
  }, []);

  const signInAgain = () => {
    if (signedOut) void leaveSession(returnTo);
  };

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <title>Session expired · Precedent</title>
      <header className="app-top">
        <div className="app-header">
          <BrandMark />
        </div>
      </header>
      <Modal
        open
        centered
        title="Session expired"
        closable={false}
        mask={{ closable: false }}
        onCancel={signInAgain}
        footer={
          <Button type="primary" autoFocus loading={!signedOut} onClick={signInAgain}>
            Sign in again
          </Button>
        }
      >
        <p>
          You have been signed out after {formatDuration(idleTimeoutMs)} of inactivity. Please sign in again.
        </p>
      </Modal>
    </Layout>
  );
}
