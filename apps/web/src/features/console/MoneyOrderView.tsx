import { type MoneyOrderDetail, RefundRequest } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Flex, Form, Input, Modal, Table, Typography } from "antd";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { moneyOrderQuery, refundOrder, resendInvoice } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { centsOf, dollars } from "./money-format";
import { OrderState } from "./OrderState";

const WHEN = "D MMM YYYY h:mm a";

/** One order with its lines, payments and refunds, and the refund and invoice actions the server allows. */
export function MoneyOrderView({ id, onBack }: { id: number; onBack: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const order = useQuery(moneyOrderQuery(id));
  const [refunding, setRefunding] = useState(false);
  const resend = useMutation({
    mutationFn: () => resendInvoice(id),
    onSuccess: (sent) => void message.success(`The tax invoice was sent again to ${sent.sent_to}.`),
    onError: (error: Error) => void message.error(error.message),
  });
  const back = (
    <Flex>
      <Button onClick={onBack}>Back to the orders</Button>
    </Flex>
  );
  if (order.isError)
    return (
      <Flex vertical gap={12}>
        {back}
        <LoadError
          title="The order could not be loaded"
          error={order.error}
          onRetry={() => order.refetch()}
        />
      </Flex>
    );
  const view = order.data;
  if (!view) return back;

  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Order {view.number}
      </Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: "state", label: "State", children: <OrderState order={view} /> },
          { key: "firm", label: "Firm", children: view.firm.name },
          { key: "customer", label: "Customer", children: `${view.customer_name} (${view.customer_email})` },
          { key: "ordered", label: "Ordered", children: formatInstant(view.created_at, WHEN) },
          { key: "paid", label: "Paid", children: view.paid_at ? formatInstant(view.paid_at, WHEN) : "—" },
          {
            key: "lines",
            label: "Lines",
            children: view.line_items
              .map((l) => `${l.name} (${l.sku}) × ${l.quantity}: ${dollars(l.subtotal)}`)
              .join("; "),
          },
          {
            key: "coupons",
            label: "Coupons",
            children: view.coupon_lines.length
              ? view.coupon_lines.map((c) => `${c.code} −${dollars(c.discount)}`).join("; ")
              : "None",
          },
          { key: "total", label: "Total (inc. GST)", children: dollars(view.total) },
          { key: "gst", label: "GST", children: dollars(view.total_tax) },
          { key: "refunded", label: "Refunded", children: dollars(view.refunded) },
        ]}
      />
      <Flex gap={8} wrap align="center">
        {view.abilities.refund && (
          <Button type="primary" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )}
        {view.abilities.resend_invoice && (
          <Button loading={resend.isPending} onClick={() => resend.mutate()}>
            Send the tax invoice again
          </Button>
        )}
        {view.refund_refusal && <Typography.Text type="secondary">{view.refund_refusal}</Typography.Text>}
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        Payments
      </Typography.Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Payments">
        <Table<MoneyOrderDetail["payments"][number]>
          rowKey={(p) => `${p.created_at}-${p.external_id}`}
          size="small"
          pagination={false}
          style={{ minWidth: 640 }}
          dataSource={view.payments}
          locale={{ emptyText: <span className="console__empty">No payment through a provider.</span> }}
          columns={[
            { title: "Provider", dataIndex: "provider" },
            { title: "State", dataIndex: "status" },
            { title: "Amount", dataIndex: "amount", render: (c: number) => dollars(c) },
            { title: "Opened", dataIndex: "created_at", render: (iso: string) => formatInstant(iso, WHEN) },
            { title: "Provider's id", dataIndex: "external_id", render: (v: string | null) => v ?? "—" },
          ]}
        />
      </section>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        Refunds
      </Typography.Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Refunds">
        <Table<MoneyOrderDetail["refunds"][number]>
          rowKey="id"
          size="small"
          pagination={false}
          style={{ minWidth: 640 }}
          dataSource={view.refunds}
          locale={{ emptyText: <span className="console__empty">No refund.</span> }}
          columns={[
            { title: "Amount", dataIndex: "amount", render: (c: number) => dollars(c) },
            { title: "Reason", dataIndex: "reason" },
            { title: "By", key: "by", render: (_, r) => r.staff.name },
            { title: "When", dataIndex: "created_at", render: (iso: string) => formatInstant(iso, WHEN) },
            { title: "Credits taken back", dataIndex: "credits_taken_back" },
          ]}
        />
      </section>
      {refunding && (
        <RefundDialog
          order={view}
          onClose={() => setRefunding(false)}
          onDone={(updated) => {
            queryClient.setQueryData(moneyOrderQuery(id).queryKey, updated);
            void queryClient.invalidateQueries({ queryKey: ["console", "money", "orders"] });
            void queryClient.invalidateQueries({ queryKey: ["console", "money", "takings"] });
            void message.success(`Refunded: ${dollars(updated.refunded - view.refunded)}.`);
          }}
        />
      )}
    </Flex>
  );
}

type RefundValues = { amount: string; reason: string };

/** Amount (the whole refundable amount to start with) and a reason; the server decides. */
function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: MoneyOrderDetail;
  onClose: () => void;
  onDone: (updated: MoneyOrderDetail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RefundValues>();
  const run = useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      refundOrder(order.id, { ...body, refunded_before: order.refunded }),
    onSuccess: (updated) => {
      onDone(updated);
      onClose();
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof RefundValues, errors: [e.message] })));
      else void message.error(error.message);
    },
  });
  return (
    <Modal
      title={`Refund ${order.number}`}
      open
      onCancel={onClose}
      okText="Refund through the provider"
      onOk={() => form.submit()}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Form<RefundValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: (order.refundable / 100).toFixed(2), reason: "" }}
        onFinish={(values) => {
          const cents = centsOf(values.amount ?? "");
          if (cents === null || cents < 1) {
            form.setFields([{ name: "amount", errors: ["Enter an amount in dollars, such as 12.50"] }]);
            return;
          }
          const parsed = RefundRequest.safeParse({
            amount: cents,
            reason: values.reason ?? "",
            refunded_before: order.refunded,
          });
          if (!parsed.success) {
            form.setFields(
              parsed.error.issues.map((issue) => ({
                name: issue.path[0] as keyof RefundValues,
                errors: [issue.message],
              })),
            );
            return;
          }
          run.mutate({ amount: parsed.data.amount, reason: parsed.data.reason });
        }}
      >
        <Typography.Paragraph>
          At most {dollars(order.refundable)} (paid less refunded). The money goes back through the provider
          that took it; the refund and its reason are kept in the audit log.
        </Typography.Paragraph>
        <Form.Item label="Amount (AUD)" name="amount">
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
