import { useMutation } from "@tanstack/react-query";
import { App, Modal } from "antd";
import { signOut } from "../../api/auth";
import { useLeaveSession } from "../session/use-leave-session";

type SignOutModalProps = { open: boolean; onClose: () => void };

/** The sign-out confirmation. */
export function SignOutModal({ open, onClose }: SignOutModalProps) {
  const { message } = App.useApp();
  const leaveSession = useLeaveSession();
  const signOutCall = useMutation({
    mutationFn: signOut,
    onSuccess: () => leaveSession(),
    onError: (error) => message.error(`Cannot sign out. ${error.message}`),
  });

  return (
    <Modal
      open={open}
      title="Sign out"
      okText="Sign out"
      cancelText="Cancel"
      onOk={() => signOutCall.mutate()}
      onCancel={onClose}
      confirmLoading={signOutCall.isPending}
      okButtonProps={{ autoFocus: true }}
      destroyOnHidden
    >
      <p>Are you sure you want to sign out?</p>
    </Modal>
  );
}
