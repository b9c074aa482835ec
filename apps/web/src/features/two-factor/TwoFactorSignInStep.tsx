import type { TwoFactorStep } from "@precedent/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, Input, Skeleton, Typography } from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { beginSignInTotpSetup, completeTwoFactorSignIn } from "../../api/two-factor";
import { codeInputProps, totpCodeRule } from "./code-input";
import { RecoveryCodes } from "./RecoveryCodes";
import { TotpSetupPanel } from "./TotpSetupPanel";

type Values = { code?: string; recovery_code?: string };

/**
 * The sign-in's step after the password: a code from the authenticator app (or a recovery
 * code), or, when a firm requires two-factor authentication and it is not set up, setting it up
 * first. `onSignedIn` runs once the session exists (after the recovery codes, at set-up).
 */
export function TwoFactorSignInStep({
  step,
  onSignedIn,
  onRestart,
}: {
  step: TwoFactorStep["two_factor"];
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<{ message: string; ended: boolean } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const settingUp = step.step === "setup";

  const setup = useQuery({
    queryKey: ["tfa", "sign-in-setup", step.challenge],
    queryFn: () => beginSignInTotpSetup(step.challenge),
    enabled: settingUp,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const complete = useMutation({
    mutationFn: (values: Values) =>
      completeTwoFactorSignIn(
        useRecovery
          ? { challenge: step.challenge, recovery_code: values.recovery_code ?? "" }
          : { challenge: step.challenge, code: values.code ?? "" },
      ),
    onSuccess: (data) => {
      if (data.recovery_codes) setRecoveryCodes(data.recovery_codes);
      else onSignedIn();
    },
    onError: (error) => {
      // A sign-in that has ended (too many tries, or too late) starts over from the password.
      const ended = isApiError(error) && (error.status === 429 || /sign in again/i.test(error.message));
      setFailure({ message: error.message, ended });
      const field = useRecovery ? "recovery_code" : "code";
      if (!ended) {
        form.setFieldValue(field, "");
        form.getFieldInstance(field)?.focus();
      }
    },
  });

  if (recoveryCodes) {
    return (
      <Flex vertical gap={16}>
        <Typography.Title level={1} className="login-card__title">
          Save your recovery codes
        </Typography.Title>
        <RecoveryCodes codes={recoveryCodes} />
        <Button type="primary" block size="large" onClick={onSignedIn} autoFocus>
          Continue
        </Button>
      </Flex>
    );
  }

  const field = useRecovery ? "recovery_code" : "code";
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={1} className="login-card__title">
        {settingUp ? "Set up two-factor authentication" : "Two-factor authentication"}
      </Typography.Title>
      {settingUp ? (
        <>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Your firm requires two-factor authentication. Set it up to continue.
          </Typography.Paragraph>
          {setup.isPending && <Skeleton.Node active style={{ width: 184, height: 184, margin: "0 auto" }} />}
          {setup.isError && <Alert type="error" showIcon title={setup.error.message} />}
          {setup.isSuccess && <TotpSetupPanel setup={setup.data} />}
        </>
      ) : (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {useRecovery
            ? "Enter one of the recovery codes you saved. Each code works once."
            : "Enter the 6-digit code from your authenticator app."}
        </Typography.Paragraph>
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure.message}
          className="login-card__alert"
          role="alert"
          action={
            failure.ended ? (
              <Button size="small" onClick={onRestart}>
                Sign in again
              </Button>
            ) : undefined
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => {
          if (complete.isPending) return;
          setFailure(null);
          complete.mutate(values);
        }}
        onValuesChange={() => failure && !failure.ended && setFailure(null)}
      >
        {useRecovery ? (
          <Form.Item
            key="recovery_code"
            label="Recovery code"
            name="recovery_code"
            rules={[{ required: true, whitespace: true, message: "Enter one of your recovery codes" }]}
            validateTrigger="onSubmit"
          >
            <Input autoComplete="off" autoFocus placeholder="abcde-12345" spellCheck={false} />
          </Form.Item>
        ) : (
          <Form.Item
            key="code"
            label="Authentication code"
            name="code"
            rules={[totpCodeRule]}
            validateTrigger="onSubmit"
          >
            <Input {...codeInputProps} autoFocus disabled={settingUp && !setup.isSuccess} />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={complete.isPending}
          disabled={failure?.ended || (settingUp && !setup.isSuccess)}
        >
          {settingUp ? "Turn on and sign in" : "Verify"}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8}>
        {!settingUp && (
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => {
              setUseRecovery(!useRecovery);
              setFailure(null);
              form.resetFields([field]);
            }}
          >
            {useRecovery ? "Use your authenticator app" : "Use a recovery code"}
          </Button>
        )}
        <Button type="link" style={{ paddingInline: 0 }} onClick={onRestart}>
          Back to sign in
        </Button>
      </Flex>
    </Flex>
  );
}
