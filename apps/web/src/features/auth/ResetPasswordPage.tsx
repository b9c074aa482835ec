import { LockOutlined } from "@ant-design/icons";
import {
  type ChoosePasswordRequest,
  formatFirmTime,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from "@precedent/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, Input, Result, Spin, Typography } from "antd";
import { useParams } from "react-router";
import { choosePassword, passwordResetLinkQuery } from "../../api/auth";
import { isApiError } from "../../api/client";
import { ButtonLink } from "../../components/ButtonLink";
import { CardPage } from "../../components/CardPage";
import { ConfirmPasswordItem } from "../../components/ConfirmPasswordItem";
import { LoadError } from "../../components/LoadError";
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from "../../constants";

/** A link that can no longer be used: used, expired, replaced by a newer one, or not a link at all. */
const isDeadLink = (error: Error) => isApiError(error) && [400, 404, 410].includes(error.status);

/** /reset-password/:token, from the e-mailed link: choose a new password. */
export function ResetPasswordPage() {
  const { token = "" } = useParams();
  const link = useQuery(passwordResetLinkQuery(token));
  const [form] = Form.useForm<ChoosePasswordRequest>();
  const choose = useMutation({
    mutationFn: (body: ChoosePasswordRequest) => choosePassword(token, body),
    // The server's words on the fields it names (the same rules as the form's own).
    onError: (error: Error) => {
      if (!isApiError(error)) return;
      form.setFields(
        error.fieldErrors
          .filter((e) => e.field === "password" || e.field === "confirm_password")
          .map((e) => ({ name: e.field as keyof ChoosePasswordRequest, errors: [e.message] })),
      );
    },
  });

  let body: React.ReactNode;
  if (choose.isSuccess) {
    body = (
      <Result
        status="success"
        title="Password changed"
        subTitle={<span role="status">{choose.data}</span>}
        extra={
          <ButtonLink to={LOGIN_PATH} type="primary">
            Sign in
          </ButtonLink>
        }
      />
    );
  } else if (link.isPending) {
    body = (
      <Flex justify="center" style={{ padding: "48px 0" }} role="status" aria-label="Opening your link">
        <Spin />
      </Flex>
    );
  } else if (link.isError || (choose.isError && isDeadLink(choose.error))) {
    const error = (link.error ?? choose.error) as Error;
    body = isDeadLink(error) ? (
      <Result
        status="warning"
        title="This link cannot be used"
        subTitle={error.message}
        extra={
          <ButtonLink to={FORGOT_PASSWORD_PATH} type="primary">
            Ask for a new link
          </ButtonLink>
        }
      />
    ) : (
      <LoadError
        title="Cannot open this link"
        error={error}
        onRetry={() => void link.refetch()}
        retrying={link.isFetching}
      />
    );
  } else {
    const placedOnFields = choose.isError && isApiError(choose.error) && choose.error.fieldErrors.length > 0;
    body = (
      <>
        <h1 className="login-card__title">Choose a new password</h1>
        <Typography.Paragraph>
          For the account {link.data.email_hint}. The link works until{" "}
          {formatFirmTime(new Date(link.data.expires_at))}. Changing the password signs the account out on
          every device.
        </Typography.Paragraph>
        {choose.isError && !placedOnFields && (
          <Alert type="error" showIcon title={choose.error.message} className="login-card__alert" />
        )}
        <Form<ChoosePasswordRequest>
          form={form}
          layout="vertical"
          requiredMark={false}
          size="large"
          onFinish={(values) => !choose.isPending && choose.mutate(values)}
        >
          <Form.Item
            label="New password"
            name="password"
            extra={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            rules={[
              { required: true, message: "Password is required" },
              { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT },
            ]}
          >
            <Input.Password autoComplete="new-password" autoFocus prefix={<LockOutlined aria-hidden />} />
          </Form.Item>
          <ConfirmPasswordItem />
          <Button type="primary" htmlType="submit" block loading={choose.isPending}>
            Change password
          </Button>
        </Form>
      </>
    );
  }
  return <CardPage title="Choose a new password">{body}</CardPage>;
}
