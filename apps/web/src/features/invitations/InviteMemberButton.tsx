import { UserAddOutlined } from "@ant-design/icons";
import { CreateInvitationRequest, type InvitationRole } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Form, type FormRule, Input, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { createInvitation, invitationsQuery } from "../../api/invitations";
import { ExplainedButton } from "../../components/ExplainedButton";
import { ROLE_LABELS } from "../../components/RoleTag";

type InviteForm = { email: string; role: InvitationRole };

const emailRule: FormRule = () => ({
  validator: async (_, value: unknown) => {
    const result = CreateInvitationRequest.shape.email.safeParse(value ?? "");
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Wrong email format");
  },
});

/** The seats left on the firm's plan, as the server counts them (members and open invitations). */
export const seatsLeft = (seats: { members: number; pending: number; limit: number }) =>
  Math.max(0, seats.limit - seats.members - seats.pending);

export const limitReachedText = (limit: number) =>
  `Your plan allows up to ${limit} ${limit === 1 ? "user" : "users"}. Upgrade your plan to invite more.`;

/**
 * "Invite member" and its modal, for owners and managers (the server's abilities say who; the
 * button is not shown to others). The server checks the plan's user limit again when it sends.
 */
export function InviteMemberButton({ teamId }: { teamId: number }) {
  const query = useQuery(invitationsQuery(teamId));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm<InviteForm>();

  const invite = useMutation({
    mutationFn: (values: InviteForm) => createInvitation(teamId, values),
    onSuccess: ({ invitation }) => {
      void message.success(`Invitation sent to ${invitation.email}.`);
      void queryClient.invalidateQueries({ queryKey: invitationsQuery(teamId).queryKey });
      setOpen(false);
      form.resetFields();
    },
    onError: (error: Error) => {
      const emailError = isApiError(error) ? error.fieldErrors.find((e) => e.field === "email") : undefined;
      if (emailError) form.setFields([{ name: "email", errors: [emailError.message] }]);
      else setRefusal(error.message);
      // The seats may have changed under us (another invitation, a new member).
      if (isApiError(error) && error.status === 409) void query.refetch();
    },
  });

  if (!query.isSuccess || !query.data.abilities.invite) return null;
  const { abilities, seats } = query.data;
  const full = seatsLeft(seats) === 0;

  const close = () => {
    if (invite.isPending) return;
    setOpen(false);
    setRefusal(null);
    form.resetFields();
  };

  return (
    <>
      <ExplainedButton
        type="primary"
        icon={<UserAddOutlined aria-hidden />}
        unavailableBecause={full ? limitReachedText(seats.limit) : undefined}
        onClick={() => setOpen(true)}
      >
        Invite member
      </ExplainedButton>
      <Modal
        open={open}
        title="Invite a member"
        okText="Send invitation"
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={invite.isPending}
        destroyOnHidden
        maskClosable={!invite.isPending}
      >
        <Typography.Paragraph type="secondary">
          We email them a link to join your firm. The link works for 7 days.
        </Typography.Paragraph>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
        <Form<InviteForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: "member" }}
          onValuesChange={() => refusal && setRefusal(null)}
          onFinish={(values) => {
            if (!invite.isPending) invite.mutate({ email: values.email.trim(), role: values.role });
          }}
        >
          <Form.Item label="Email" name="email" rules={[emailRule]} validateTrigger="onBlur">
            <Input
              type="email"
              autoComplete="off"
              inputMode="email"
              placeholder="colleague@firm.com.au"
              autoFocus
            />
          </Form.Item>
          {abilities.invite_roles.length > 1 ? (
            <Form.Item label="Role" name="role">
              <Radio.Group
                options={abilities.invite_roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              />
            </Form.Item>
          ) : (
            <Form.Item name="role" hidden>
              <Input />
            </Form.Item>
          )}
          {/* Enter in the email field sends, as in any form. */}
          <button type="submit" hidden />
        </Form>
        <Typography.Text type="secondary">
          {seatsLeft(seats)} of {seats.limit} seats left on your plan.
        </Typography.Text>
      </Modal>
    </>
  );
}
