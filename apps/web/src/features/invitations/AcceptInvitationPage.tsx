import { LockOutlined } from "@ant-design/icons";
import {
  type AcceptInvitationRequest,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  type PublicInvitation,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, Input, Result, Spin, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { isApiError } from "../../api/client";
import { acceptInvitation, invitationLinkQuery } from "../../api/invitations";
import { ButtonLink } from "../../components/ButtonLink";
import { CardPage } from "../../components/CardPage";
import { ConfirmPasswordItem } from "../../components/ConfirmPasswordItem";
import { LoadError } from "../../components/LoadError";
import { ROLE_LABELS } from "../../components/RoleTag";
import { DOCUMENTS_PATH, LOGIN_PATH } from "../../constants";
import { storeTeamId } from "../../current-firm/stored-team";

type AcceptForm = { first_name?: string; last_name?: string; password: string; confirm_password?: string };
const FIELDS: readonly string[] = ["first_name", "last_name", "password", "confirm_password"];

/** A link that can no longer be used: expired, withdrawn, accepted already or unknown. */
const isDeadLink = (error: Error) => isApiError(error) && [400, 404, 409, 410].includes(error.status);

/** /invitation/:token, outside the account area: a new person sets a password, an existing one signs in. */
export function AcceptInvitationPage() {
  const { token = "" } = useParams();
  const invitation = useQuery(invitationLinkQuery(token));

  let body: React.ReactNode;
  if (invitation.isPending) {
    body = (
      <Flex justify="center" style={{ padding: "48px 0" }} role="status" aria-label="Opening your invitation">
        <Spin />
      </Flex>
    );
  } else if (invitation.isError) {
    body = isDeadLink(invitation.error) ? (
      <Result
        status="warning"
        title="This invitation cannot be used"
        subTitle={invitation.error.message}
        extra={
          <ButtonLink to={LOGIN_PATH} type="primary">
            Go to sign in
          </ButtonLink>
        }
      />
    ) : (
      <LoadError
        title="Cannot open this invitation"
        error={invitation.error}
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  } else {
    body = <AcceptForm token={token} invitation={invitation.data} />;
  }
  return <CardPage title="Join your firm">{body}</CardPage>;
}

function AcceptForm({ token, invitation }: { token: string; invitation: PublicInvitation }) {
  const [form] = Form.useForm<AcceptForm>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const newAccount = !invitation.has_account;
  const role = ROLE_LABELS[invitation.role].toLowerCase();

  const accept = useMutation({
    mutationFn: (body: AcceptInvitationRequest) => acceptInvitation(token, body),
    onSuccess: ({ team_id }) => {
      // Signed in now: whatever was cached for a visitor (or another person) is not theirs.
      queryClient.clear();
      storeTeamId(team_id);
      void navigate(DOCUMENTS_PATH, { replace: true });
    },
    onError: (error: Error) => {
      const fieldErrors = isApiError(error) ? error.fieldErrors : [];
      const placed = fieldErrors.filter((e) => FIELDS.includes(e.field));
      if (placed.length > 0) {
        form.setFields(placed.map((e) => ({ name: e.field as keyof AcceptForm, errors: [e.message] })));
      }
      if (isApiError(error) && error.status === 401) {
        form.setFields([{ name: "password", value: "", errors: [error.message] }]);
        form.getFieldInstance("password")?.focus();
        return;
      }
      setAlert(placed.length > 0 && placed.length === fieldErrors.length ? null : error.message);
    },
  });

  const submit = (values: AcceptForm) => {
    if (accept.isPending) return;
    setAlert(null);
    accept.mutate(
      newAccount
        ? {
            first_name: values.first_name?.trim(),
            last_name: values.last_name?.trim(),
            password: values.password,
            confirm_password: values.confirm_password,
          }
        : { password: values.password },
    );
  };

  return (
    <>
      <Typography.Title level={1} className="login-card__title">
        Join {invitation.firm_name}
      </Typography.Title>
      <Typography.Paragraph>
        {invitation.invited_by} invited you to join <strong>{invitation.firm_name}</strong> on Precedent as a{" "}
        {role}.{" "}
        {newAccount
          ? "Set your name and a password to create your account."
          : "You already have an account: sign in with its password to join."}
      </Typography.Paragraph>
      {alert && <Alert type="error" showIcon title={alert} className="login-card__alert" />}
      <Form<AcceptForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => alert && setAlert(null)}
        size="large"
      >
        <Form.Item label="Email" htmlFor="invitation-email">
          <Input id="invitation-email" value={invitation.email} readOnly autoComplete="username" />
        </Form.Item>
        {newAccount && (
          <Flex gap={12} wrap className="accept-invitation__names">
            <Form.Item
              label="First name"
              name="first_name"
              rules={[{ required: true, whitespace: true, message: "First name is required" }]}
              style={{ flex: "1 1 160px" }}
            >
              <Input autoComplete="given-name" autoFocus />
            </Form.Item>
            <Form.Item
              label="Last name"
              name="last_name"
              rules={[{ required: true, whitespace: true, message: "Last name is required" }]}
              style={{ flex: "1 1 160px" }}
            >
              <Input autoComplete="family-name" />
            </Form.Item>
          </Flex>
        )}
        <Form.Item
          label="Password"
          name="password"
          extra={newAccount ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
          rules={[
            { required: true, message: "Password is required" },
            ...(newAccount ? [{ min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT }] : []),
          ]}
        >
          <Input.Password
            autoComplete={newAccount ? "new-password" : "current-password"}
            prefix={<LockOutlined aria-hidden />}
            autoFocus={!newAccount}
          />
        </Form.Item>
        {newAccount && <ConfirmPasswordItem />}
        <Button type="primary" htmlType="submit" block loading={accept.isPending}>
          {newAccount ? "Create account and join" : "Sign in and join"}
        </Button>
      </Form>
    </>
  );
}
