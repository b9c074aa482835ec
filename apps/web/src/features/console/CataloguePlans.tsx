import type { ConsolePlan } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, InputNumber, Modal, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { plansQuery, updatePlan } from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { formatAud } from "./money";
import "./catalogue.css";

type PlanForm = {
  name: string;
  price_dollars: number;
  document_limit: number | null;
  max_users: number;
  short_description: string;
  video_url: string;
};

const FORM_FIELD: Record<string, keyof PlanForm> = { price_cents: "price_dollars" };

const periodOf = (plan: ConsolePlan) => (plan.payg ? "Pay as you go" : `Per ${plan.duration || "month"}`);
const firmsOn = (count: number) => (count === 1 ? "1 firm" : `${count.toLocaleString("en-AU")} firms`);

/**
 * Membership plans (issue 37 item 4; administrators only, as the server decides): what each plan
 * is called and costs, how many documents a year and people it allows, its description and
 * video. The billing period and pay-as-you-go are the terms firms joined on and are not edited
 * here; the dialog says how many firms a change reaches at once.
 */
export function CataloguePlans() {
  const plans = useQuery(plansQuery());
  const [editing, setEditing] = useState<ConsolePlan | null>(null);
  if (plans.isError)
    return (
      <LoadError title="The plans could not be loaded" error={plans.error} onRetry={() => plans.refetch()} />
    );

  const columns: ColumnsType<ConsolePlan> = [
    { title: "Plan", dataIndex: "name" },
    {
      title: "Price inc. GST",
      key: "price",
      render: (_, plan) => `${formatAud(plan.price_cents)} · ${periodOf(plan)}`,
    },
    {
      title: "Documents a year",
      dataIndex: "document_limit",
      render: (limit: number | null) => (limit === null ? "No limit" : limit.toLocaleString("en-AU")),
    },
    { title: "People", dataIndex: "max_users" },
    { title: "Firms on it", dataIndex: "firms", render: (count: number) => count.toLocaleString("en-AU") },
    {
      title: "Actions",
      key: "actions",
      render: (_, plan) => (
        <Button size="small" onClick={() => setEditing(plan)}>
          Change {plan.name}
        </Button>
      ),
    },
  ];
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Membership plans">
        <Table<ConsolePlan>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={plans.data?.rows ?? []}
          loading={plans.isFetching}
          pagination={false}
          style={{ minWidth: 720 }}
        />
      </section>
      {/* Keyed by plan and version: each opening starts from the plan as read, never from the
          values a previous dialog left in its form. */}
      {editing && (
        <PlanDialog
          key={`${editing.id}:${editing.version}`}
          plan={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function PlanDialog({ plan, onClose }: { plan: ConsolePlan; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanForm>();
  const save = useMutation({
    mutationFn: (values: PlanForm) =>
      updatePlan(plan.id, {
        version: plan.version,
        name: values.name,
        price_cents: Math.round(values.price_dollars * 100),
        document_limit: values.document_limit ?? null,
        max_users: values.max_users,
        short_description: values.short_description ?? "",
        video_url: values.video_url?.trim() ? values.video_url.trim() : null,
      }),
    onSuccess: (saved) => {
      void message.success(`${saved.name} was saved.`);
      onClose();
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "plans"] });
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(
          fields.map((e) => ({
            name: FORM_FIELD[e.field] ?? (e.field as keyof PlanForm),
            errors: [e.message],
          })),
        );
      else void message.error(error.message);
    },
  });
  const free = plan.price_cents === 0;
  return (
    <Modal
      open
      title={`Change ${plan.name}`}
      okText="Save plan"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        className="console-plan__reach"
        title={`A change reaches ${firmsOn(plan.firms)} on ${plan.name} at once.`}
        description="A new price applies from a firm's next change or renewal; Stripe subscriptions already running keep the price they were taken at."
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: plan.name,
          price_dollars: plan.price_cents / 100,
          document_limit: plan.document_limit,
          max_users: plan.max_users,
          short_description: plan.short_description,
          video_url: plan.video_url ?? "",
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, message: "Enter a name" }]}>
          <Input maxLength={60} autoFocus />
        </Form.Item>
        <Form.Item
          label={`Price (AUD, GST included, ${periodOf(plan).toLowerCase()})`}
          name="price_dollars"
          extra={free ? "A free plan stays free: the firms on it joined without paying." : undefined}
        >
          <InputNumber
            min={free ? 0 : 0.01}
            max={free ? 0 : 100_000}
            precision={2}
            disabled={free}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label="Documents a year" name="document_limit" extra="Leave empty for no limit.">
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="People in a firm" name="max_users">
          <InputNumber min={1} max={1000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Short description" name="short_description">
          <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          label="Intro video"
          name="video_url"
          extra="An https:// address, or a /media/ file the product serves; empty for none."
        >
          <Input maxLength={500} />
        </Form.Item>
        {/* Enter in any field saves, as in a form with its own button: the dialog's Save
            sits outside the form, and a form without a submit button submits on Enter
            only when it has a single field. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      <Typography.Text type="secondary">
        Plan code {plan.slug}; {periodOf(plan).toLowerCase()}.
      </Typography.Text>
    </Modal>
  );
}
