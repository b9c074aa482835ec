import { ConsoleCodeRequest, ConsoleSignInRequest, type TotpSetup } from "@precedent/contracts";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { consoleEnterCode, consoleSetUpTwoFactor, consoleSignIn } from "../../api/console";

type Step = "setup" | "code" | null;

const errorsOf = (error: Error) => (isApiError(error) ? error.fieldErrors : []);

/**
 * The console's sign-in: the password, then always the authenticator. A staff member without
 * one sets it up here first (the server refuses everything else until they have).
 */
export function ConsoleSignIn({ step, onChange }: { step: Step; onChange: () => void }) {
  return (
    <main className="console-sign-in">
      <title>Operator console sign-in · Precedent</title>
      <div className="login-card">
        <Typography.Title level={1} className="login-card__title">
          Operator console
        </Typography.Title>
        {step === null ? (
          <PasswordStep onDone={onChange} />
        ) : (
          <CodeStep setup={step === "setup"} onDone={onChange} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<{ email: string; password: string }>();
  const [alert, setAlert] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: consoleSignIn,
    onSuccess: onDone,
    onError: (error: Error) => {
      const fields = errorsOf(error);
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as "email" | "password", errors: [e.message] })));
      else setAlert(error.message);
    },
  });
  return (
    <>
      <Typography.Paragraph>
        Staff sign-in. Firm accounts sign in at the main sign-in page.
      </Typography.Paragraph>
      {alert && <Alert type="error" showIcon title={alert} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setAlert(null);
          const parsed = ConsoleSignInRequest.safeParse(values);
          if (parsed.success) signIn.mutate(parsed.data);
        }}
      >
        <Form.Item label="Email" name="email" rules={[{ required: true, message: "Enter your email" }]}>
          <Input autoComplete="username" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: "Enter your password" }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          Continue
        </Button>
      </Form>
    </>
  );
}

function CodeStep({ setup, onDone }: { setup: boolean; onDone: () => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const begin = useMutation({
    mutationFn: consoleSetUpTwoFactor,
    onSuccess: setSecret,
    onError: (e: Error) => setAlert(e.message),
  });
  const enter = useMutation({
    mutationFn: consoleEnterCode,
    onSuccess: onDone,
    onError: (error: Error) => {
      form.setFieldValue("code", "");
      setAlert(error.message);
      if (isApiError(error) && error.status === 401 && error.message.includes("sign in again")) onDone();
    },
  });

  return (
    <>
      {setup && !secret ? (
        <>
          <Typography.Paragraph>
            Two-factor sign-in is required for every staff account. Set up an authenticator app before
            anything else.
          </Typography.Paragraph>
          {alert && <Alert type="error" showIcon title={alert} role="alert" />}
          <Button type="primary" block loading={begin.isPending} onClick={() => begin.mutate()}>
            Set up an authenticator
          </Button>
        </>
      ) : (
        <>
          {secret ? (
            <>
              <Typography.Paragraph>
                Scan this code with your authenticator app, or type in the key, then enter the 6-digit code it
                shows.
              </Typography.Paragraph>
              <img src={secret.qr_code} alt="QR code of the authenticator key" width={180} height={180} />
              <Typography.Paragraph>
                Key:{" "}
                <Typography.Text code copyable>
                  {secret.secret}
                </Typography.Text>
              </Typography.Paragraph>
            </>
          ) : (
            <Typography.Paragraph>Enter the 6-digit code from your authenticator app.</Typography.Paragraph>
          )}
          {alert && <Alert type="error" showIcon title={alert} role="alert" />}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={({ code }) => {
              setAlert(null);
              const parsed = ConsoleCodeRequest.safeParse({ code });
              if (!parsed.success) {
                form.setFields([{ name: "code", errors: [parsed.error.issues[0]?.message ?? ""] }]);
                return;
              }
              enter.mutate(parsed.data.code);
            }}
          >
            <Form.Item label="Authentication code" name="code">
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={enter.isPending}>
              Sign in
            </Button>
          </Form>
        </>
      )}
    </>
  );
}
