import { StaffReason } from "@precedent/contracts";
import { useMutation } from "@tanstack/react-query";
import { App, Form, Input, InputNumber, Modal, Select, Typography } from "antd";
import { isApiError } from "../../api/client";

type Values = { reason: string; credits?: number; plan_id?: number };
export type FirmActionValues = { reason: string; credits: number; planId: number };

/**
 * A staff action on a firm that needs a reason (kept in the audit log): lock, unlock, a
 * two-factor reset, a grant of credits (which asks how many as well), a change of plan (which
 * asks which) or a hand-over of ownership. `notice` says what the action does before it is done.
 */
export function FirmActionDialog({
  title,
  okText,
  withCredits = false,
  plans,
  notice,
  onClose,
  act,
  onDone,
}: {
  title: string;
  okText: string;
  withCredits?: boolean;
  /** The plans to choose from (a change of plan). */
  plans?: { id: number; name: string }[];
  notice?: string;
  onClose: () => void;
  act: (values: FirmActionValues) => Promise<unknown>;
  onDone: (message: string) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const run = useMutation({
    mutationFn: act,
    onSuccess: () => {
      onDone(`${title}: done.`);
      onClose();
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      else void message.error(error.message);
    },
  });
  return (
    <Modal
      title={title}
      open
      onCancel={onClose}
      okText={okText}
      onOk={() => form.submit()}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          const reason = StaffReason.safeParse(values.reason ?? "");
          if (!reason.success) {
            form.setFields([{ name: "reason", errors: [reason.error.issues[0]?.message ?? ""] }]);
            return;
          }
          run.mutate({ reason: reason.data, credits: values.credits ?? 0, planId: values.plan_id ?? 0 });
        }}
      >
        {notice && <Typography.Paragraph>{notice}</Typography.Paragraph>}
        {plans && (
          <Form.Item label="New plan" name="plan_id" rules={[{ required: true, message: "Choose a plan" }]}>
            <Select
              autoFocus
              placeholder="Choose a plan"
              options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
            />
          </Form.Item>
        )}
        {withCredits && (
          <Form.Item
            label="Credits to grant"
            name="credits"
            rules={[{ required: true, message: "Enter a number of credits" }]}
          >
            <InputNumber min={1} max={1000} precision={0} autoFocus style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item label="Reason (kept in the audit log)" name="reason">
          <Input.TextArea rows={3} maxLength={500} autoFocus={!withCredits && !plans} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
