import { useMutation } from "@tanstack/react-query";
import { App, Button, Modal } from "antd";
import { signOut, signOutEverywhere } from "../../api/auth";
import { useLeaveSession } from "../session/use-leave-session";

type SignOutModalProps = { open: boolean; onClose: () => void };

/**
 * The sign-out confirmation. Besides this browser, a person can end every session they have (a
 * lost phone, a shared office computer left signed in).
 */
export function SignOutModal({ open, onClose }: SignOutModalProps) {
  const { message } = App.useApp();
  const leaveSession = useLeaveSession();
  const signOutCall = useMutation({
    mutationFn: signOut,
    onSuccess: () => leaveSession(),
    onError: (error) => message.error(`Cannot sign out. ${error.message}`),
  });
  const everywhereCall = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => leaveSession(),
    onError: (error) => message.error(`Cannot sign out on every device. ${error.message}`),
  });
  const busy = signOutCall.isPending || everywhereCall.isPending;

  return (
    <Modal
      open={open}
      title="Sign out"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="everywhere"
          onClick={() => everywhereCall.mutate()}
          loading={everywhereCall.isPending}
          disabled={busy && !everywhereCall.isPending}
        >
          Sign out on every device
        </Button>,
        <Button
          key="sign-out"
          type="primary"
          autoFocus
          onClick={() => signOutCall.mutate()}
          loading={signOutCall.isPending}
          disabled={busy && !signOutCall.isPending}
        >
          Sign out
        </Button>,
      ]}
    >
      <p>Are you sure you want to sign out?</p>
    </Modal>
  );
}
