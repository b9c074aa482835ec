import { OWNER_PASSWORD_REQUIRED, type TeamMember } from "@precedent/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Form, Input, Modal, Typography } from "antd";
import { ApiError } from "../../api/client";
import { transferOwnership } from "../../api/teams";

type Values = { password: string };

/**
 * Hands the firm to `member`, confirmed with the owner's password. The owner stays on as a
 * manager; everything is read again, since every ability follows roles.
 */
export function TransferOwnershipModal({
  teamId,
  firmName,
  member,
  onClose,
}: {
  teamId: number;
  firmName: string;
  member: TeamMember | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = member ? member.name || member.email : "";

  const transfer = useMutation({
    mutationFn: ({ password }: Values) => {
      if (!member) throw new Error("No member chosen");
      return transferOwnership({ id_team: teamId, id_user: member.id, password });
    },
    onSuccess: () => {
      message.success(`${name} is now the owner of ${firmName}.`);
      void queryClient.invalidateQueries();
      close();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors
            .filter((f) => f.field === "password")
            .map((f) => ({ name: "password" as const, errors: [f.message] })),
        );
        if (error.fieldErrors.some((f) => f.field === "password")) return;
      }
      message.error(error.message || "Ownership was not transferred. Please try again.");
    },
  });

  function close() {
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      open={member !== undefined}
      title={`Transfer ownership to ${name}?`}
      okText="Transfer ownership"
      okButtonProps={{
        danger: true,
        loading: transfer.isPending,
        htmlType: "submit",
        form: "transfer-ownership",
      }}
      cancelText="Cancel"
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {name} will become the owner of {firmName}. You will become a manager, and will no longer be able to
        edit the company details or change roles.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        id="transfer-ownership"
        layout="vertical"
        onFinish={(values) => transfer.mutate(values)}
        requiredMark={false}
      >
        <Form.Item
          name="password"
          label="Your password"
          extra="Enter your password to confirm."
          rules={[{ required: true, message: OWNER_PASSWORD_REQUIRED }]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
