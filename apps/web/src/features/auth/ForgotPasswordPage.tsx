import { MailOutlined } from "@ant-design/icons";
import { PasswordResetRequest } from "@precedent/contracts";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Form, Input, Result, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { askForPasswordReset } from "../../api/auth";
import { ButtonLink } from "../../components/ButtonLink";
import { CardPage } from "../../components/CardPage";
import { LOGIN_PATH } from "../../constants";

/** /forgot-password: a person who cannot sign in asks for a link to choose a new password. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const [params] = useSearchParams();
  const ask = useMutation({ mutationFn: askForPasswordReset });

  if (ask.isSuccess) {
    return (
      <CardPage title="Check your email">
        <Result
          status="success"
          title="Check your email"
          // The server's words: the same whether or not an account uses the address.
          subTitle={<span role="status">{ask.data}</span>}
          extra={
            <ButtonLink to={LOGIN_PATH} type="primary">
              Back to sign in
            </ButtonLink>
          }
        />
      </CardPage>
    );
  }

  return (
    <CardPage title="Forgot password">
      <h1 className="login-card__title">Forgot your password?</h1>
      <Typography.Paragraph>
        Enter the email you sign in with. We will send you a link to choose a new password.
      </Typography.Paragraph>
      {ask.isError && <Alert type="error" showIcon title={ask.error.message} className="login-card__alert" />}
      <Form<{ email: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ email: params.get("email") ?? "" }}
        onFinish={({ email }) => !ask.isPending && ask.mutate(email.trim())}
      >
        <Form.Item
          label="Email"
          name="email"
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_, value: unknown) => {
                const result = PasswordResetRequest.shape.email.safeParse(value ?? "");
                if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Wrong email format");
              },
            },
          ]}
        >
          <Input autoComplete="username" inputMode="email" autoFocus prefix={<MailOutlined aria-hidden />} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={ask.isPending}>
          Send the link
        </Button>
      </Form>
      <p className="login-card__aside">
        <Link to={LOGIN_PATH}>Back to sign in</Link>
      </p>
    </CardPage>
  );
}
