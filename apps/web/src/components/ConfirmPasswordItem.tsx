import { LockOutlined } from "@ant-design/icons";
import { CONFIRM_PASSWORD_MISMATCH, CONFIRM_PASSWORD_REQUIRED } from "@precedent/contracts";
import { Form, Input } from "antd";

/**
 * The "Confirm password" field of a form that sets a new password in its `password` field (an
 * invitation's new account, a password reset), with the server's words for its two refusals.
 */
export function ConfirmPasswordItem() {
  return (
    <Form.Item
      label="Confirm password"
      name="confirm_password"
      dependencies={["password"]}
      rules={[
        { required: true, message: CONFIRM_PASSWORD_REQUIRED },
        ({ getFieldValue }) => ({
          validator: async (_, value: unknown) => {
            if (value && value !== getFieldValue("password")) throw new Error(CONFIRM_PASSWORD_MISMATCH);
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" prefix={<LockOutlined aria-hidden />} />
    </Form.Item>
  );
}
