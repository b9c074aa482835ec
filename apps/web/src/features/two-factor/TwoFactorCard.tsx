import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { TotpSetup, TwoFactorStatus } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTwoFactor,
  setFirmRequirement,
  twoFactorStatusQuery,
} from "../../api/two-factor";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { codeInputProps, totpCodeRule } from "./code-input";
import { RecoveryCodes } from "./RecoveryCodes";
import { TotpSetupPanel } from "./TotpSetupPanel";

/** The field errors of a refused call that belong to `fields`, and the message to show otherwise. */
function splitErrors(error: Error, fields: string[]) {
  const placed = isApiError(error) ? error.fieldErrors.filter((e) => fields.includes(e.field)) : [];
  return { placed, message: placed.length > 0 ? null : error.message };
}

/** Turning two-factor sign-in on: the QR code, a code to confirm it, then the recovery codes. */
function EnableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const setupCall = useMutation({
    mutationFn: beginTotpSetup,
    onSuccess: (data) => setSetup(data),
    onError: (error) => setFailure(error.message),
  });
  const confirmCall = useMutation({
    mutationFn: (code: string) => confirmTotpSetup(code),
    onSuccess: (data) => {
      setCodes(data.recovery_codes);
      void queryClient.invalidateQueries({ queryKey: ["tfa"] });
    },
    onError: (error) => {
      const { placed, message } = splitErrors(error, ["code"]);
      form.setFields(placed.map((e) => ({ name: "code", errors: [e.message] })));
      setFailure(message);
      form.getFieldInstance("code")?.focus();
    },
  });

  const close = () => {
    setSetup(null);
    setCodes(null);
    setFailure(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={codes ? "Save your recovery codes" : "Turn on two-factor authentication"}
      onCancel={close}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible && !setup && !setupCall.isPending) setupCall.mutate();
      }}
      maskClosable={!codes}
      footer={
        codes
          ? [
              <Button key="done" type="primary" onClick={close}>
                Done
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                Cancel
              </Button>,
              <Button
                key="confirm"
                type="primary"
                onClick={() => form.submit()}
                loading={confirmCall.isPending}
                disabled={!setup}
              >
                Turn on
              </Button>,
            ]
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <Flex vertical gap={16}>
          {failure && <Alert type="error" showIcon title={failure} />}
          {setup ? (
            <TotpSetupPanel setup={setup} />
          ) : setupCall.isError ? (
            <Button onClick={() => setupCall.mutate()}>Try again</Button>
          ) : (
            <Skeleton.Node active style={{ width: 184, height: 184, margin: "0 auto" }} />
          )}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={({ code }) => {
              setFailure(null);
              if (!confirmCall.isPending) confirmCall.mutate(code);
            }}
          >
            <Form.Item
              label="Then enter the 6-digit code the app shows"
              name="code"
              rules={[totpCodeRule]}
              validateTrigger="onSubmit"
              style={{ marginBottom: 0 }}
            >
              <Input {...codeInputProps} disabled={!setup} />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}

type DisableValues = { method: "password" | "code"; password?: string; code?: string };

/** Turning it off needs the password or a current code; on success the page reloads. */
function DisableModal({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: number }) {
  const [form] = Form.useForm<DisableValues>();
  const { message } = App.useApp();
  const method = Form.useWatch("method", form) ?? "password";
  const [failure, setFailure] = useState<string | null>(null);
  const disableCall = useMutation({
    mutationFn: (values: DisableValues) =>
      disableTwoFactor(
        userId,
        values.method === "password" ? { password: values.password } : { code: values.code },
      ),
    onSuccess: (serverMessage) => {
      // Account-area §8: the server's message, then the page reloads.
      void message
        .success(serverMessage || "Two-factor authentication has been turned off.", 1.5)
        .then(() => window.location.reload());
    },
    onError: (error) => {
      const { placed, message } = splitErrors(error, ["password", "code"]);
      form.setFields(
        placed.map((e) => ({ name: e.field === "code" ? "code" : "password", errors: [e.message] })),
      );
      setFailure(message);
    },
  });

  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Turn off two-factor authentication"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button
          key="disable"
          danger
          type="primary"
          onClick={() => form.submit()}
          loading={disableCall.isPending}
          disabled={disableCall.isSuccess}
        >
          Turn off
        </Button>,
      ]}
    >
      <Form<DisableValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ method: "password" }}
        onFinish={(values) => {
          setFailure(null);
          if (!disableCall.isPending) disableCall.mutate(values);
        }}
        onValuesChange={() => failure && setFailure(null)}
      >
        <Typography.Paragraph>
          Signing in will need only your password. Confirm it is you with your password or a code from your
          authenticator app.
        </Typography.Paragraph>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item name="method" label="Confirm with">
          <Radio.Group
            optionType="button"
            options={[
              { value: "password", label: "Password" },
              { value: "code", label: "Authenticator code" },
            ]}
          />
        </Form.Item>
        {method === "password" ? (
          <Form.Item
            label="Current password"
            name="password"
            rules={[{ required: true, message: "Enter your password" }]}
            validateTrigger="onSubmit"
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        ) : (
          <Form.Item
            label="Authentication code"
            name="code"
            rules={[totpCodeRule]}
            validateTrigger="onSubmit"
          >
            <Input {...codeInputProps} autoFocus />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The owner's switch: everyone in the firm signs in with two-factor authentication. */
function FirmRequirement({ status, firmName }: { status: TwoFactorStatus; firmName: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const firm = status.firm;
  const change = useMutation({
    mutationFn: (required: boolean) => setFirmRequirement(firm?.id ?? 0, required),
    onSuccess: ({ required }) => {
      message.success(
        required
          ? "Everyone in the firm now needs two-factor authentication to sign in."
          : "Two-factor authentication is no longer required in the firm.",
      );
      void queryClient.invalidateQueries({ queryKey: ["tfa"] });
    },
    onError: (error) => message.error(error.message),
  });
  if (!firm?.can_change_requirement) return null;
  return (
    <Flex gap={12} align="start" className="two-factor-card__requirement">
      <Switch
        id="two-factor-firm-requirement"
        checked={firm.required}
        loading={change.isPending}
        onChange={(required) => change.mutate(required)}
        aria-describedby="two-factor-firm-requirement-help"
      />
      <div>
        <label htmlFor="two-factor-firm-requirement">
          <Typography.Text strong>
            Require two-factor authentication for everyone in {firmName}
          </Typography.Text>
        </label>
        <Typography.Paragraph
          type="secondary"
          id="two-factor-firm-requirement-help"
          style={{ marginBottom: 0 }}
        >
          Members who have not set it up are asked to at their next sign-in.
          {!status.wp_2fa_enabled_methods.length && " Turn it on for your own account first."}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}

/**
 * Manage Two-Factor Authentication (account-area §2 My Account): the status, turning it on with
 * a QR code and a code, the recovery codes shown once, turning it off with the password or a
 * code, and for the firm's owner, requiring it of everyone in the firm.
 */
export function TwoFactorCard() {
  const { user, team } = useCurrentTeam();
  const status = useQuery(twoFactorStatusQuery(team?.id));
  const [enabling, setEnabling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  let body: React.ReactNode;
  if (status.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (status.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Cannot get your two-factor authentication status"
        description={status.error.message}
        action={
          <Button size="small" onClick={() => void status.refetch()} loading={status.isFetching}>
            Try again
          </Button>
        }
      />
    );
  } else {
    const data = status.data;
    const on = data.wp_2fa_2fa_status === "has_enabled_methods";
    body = (
      <Flex vertical gap={16}>
        <div className="two-factor-card__status">
          <Tag
            color={on ? "green" : "default"}
            className={on ? "two-factor-card__on" : undefined}
            // antd's green on its light green is 3.4:1; the status must read at 4.5:1.
            style={on ? { color: "#237804" } : undefined}
          >
            {on ? "On" : "Off"}
          </Tag>
          <Typography.Text>
            {on
              ? "You sign in with your password and a code from your authenticator app."
              : "Add a code from an authenticator app to your password when you sign in."}
          </Typography.Text>
        </div>
        {on && (
          <Typography.Text type="secondary">
            Recovery codes left: {data.recovery_codes_left}
            {data.recovery_codes_left <= 2 &&
              " (turn two-factor authentication off and on again for new codes)"}
          </Typography.Text>
        )}
        {data.required_by_firm && (
          <Alert
            type="info"
            showIcon
            title={
              on
                ? "Your firm requires two-factor authentication, so it cannot be turned off."
                : "Your firm requires two-factor authentication. Turn it on now, or you will be asked to at your next sign-in."
            }
          />
        )}
        <Flex gap={8} wrap>
          {!on && (
            <Button type="primary" onClick={() => setEnabling(true)}>
              Turn on two-factor authentication
            </Button>
          )}
          {data.abilities.can_disable && (
            <Button danger onClick={() => setDisabling(true)}>
              Turn off two-factor authentication
            </Button>
          )}
        </Flex>
        {team && <FirmRequirement status={data} firmName={team.name} />}
      </Flex>
    );
  }

  return (
    <Card
      className="page-card two-factor-card"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            Manage Two-Factor Authentication
          </Typography.Title>
        </Flex>
      }
    >
      {body}
      <EnableModal open={enabling} onClose={() => setEnabling(false)} />
      <DisableModal open={disabling} onClose={() => setDisabling(false)} userId={user.id} />
    </Card>
  );
}
