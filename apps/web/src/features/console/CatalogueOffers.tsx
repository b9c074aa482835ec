import type { ConsoleCoupon } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Switch, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { isApiError } from "../../api/client";
import {
  couponsQuery,
  createCoupon,
  creditPackagesQuery,
  updateCoupon,
  updateCreditPackage,
} from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { formatAud } from "./money";
import "./catalogue.css";
import { StateTag } from "./StateTag";

type PackageRow = {
  id: number;
  name: string;
  price_cents: number;
  credits: number;
  active: boolean;
  version: number;
};

/** Credit packages: price, credits and whether firms are offered it (administrators only). */
export function CreditPackages() {
  const packages = useQuery(creditPackagesQuery());
  const [editing, setEditing] = useState<PackageRow | null>(null);
  if (packages.isError)
    return (
      <LoadError
        title="The credit packages could not be loaded"
        error={packages.error}
        onRetry={() => packages.refetch()}
      />
    );
  const columns: ColumnsType<PackageRow> = [
    { title: "Package", dataIndex: "name" },
    { title: "Price inc. GST", dataIndex: "price_cents", render: (c: number) => formatAud(c) },
    { title: "Credits", dataIndex: "credits" },
    {
      title: "State",
      dataIndex: "active",
      render: (active: boolean) => <StateTag good={active}>{active ? "Offered" : "Withdrawn"}</StateTag>,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing(row)}>
          Change {row.name}
        </Button>
      ),
    },
  ];
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Credit packages">
        <Table<PackageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={packages.data?.rows ?? []}
          loading={packages.isFetching}
          pagination={false}
          style={{ minWidth: 640 }}
        />
      </section>
      {/* Its own form per opening: a form kept across openings would show the package changed
          before with the next one's title, and Save would write those values to it. */}
      {editing && (
        <PackageDialog
          key={`${editing.id}:${editing.version}`}
          row={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function PackageDialog({ row, onClose }: { row: PackageRow; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ price_dollars: number; credits: number; active: boolean }>();
  const save = useMutation({
    mutationFn: (values: { price_dollars: number; credits: number; active: boolean }) =>
      updateCreditPackage(row.id, {
        version: row.version,
        price_cents: Math.round(values.price_dollars * 100),
        credits: values.credits,
        active: values.active,
      }),
    onSuccess: (saved) => {
      void message.success(`${saved.name} was saved.`);
      onClose();
      void queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "credit-packages"] });
    },
    onError: (error: Error) => void message.error(error.message),
  });
  return (
    <Modal
      open
      title={`Change ${row.name}`}
      okText="Save package"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ price_dollars: row.price_cents / 100, credits: row.credits, active: row.active }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Price (AUD, GST included)" name="price_dollars">
          <InputNumber min={0.01} precision={2} autoFocus style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Credits it adds" name="credits">
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Offered to firms" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type CouponForm = {
  code: string;
  discount_type: "percent" | "fixed_cart";
  amount: number;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  expires_at: Dayjs | null;
  individual_use: boolean;
};

/**
 * Coupons: create one, disable or enable it. A used coupon's terms are fixed (the server says so
 * with `change_terms`), so terms are set when it is made.
 */
export function CatalogueCoupons() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const coupons = useQuery(couponsQuery());
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<CouponForm>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "catalogue", "coupons"] });
  const toggle = useMutation({
    mutationFn: (row: ConsoleCoupon) =>
      updateCoupon(row.id, { version: row.version, disabled: !row.disabled }),
    onSuccess: (row) => {
      void message.success(`${row.code} is ${row.disabled ? "disabled" : "enabled"}.`);
      void refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const add = useMutation({
    mutationFn: (values: CouponForm) =>
      createCoupon({
        code: values.code,
        discount_type: values.discount_type,
        // A fixed amount is asked in dollars and kept in cents; a percentage as it is.
        amount: Math.round(values.discount_type === "fixed_cart" ? values.amount * 100 : values.amount),
        usage_limit: values.usage_limit ?? null,
        usage_limit_per_user: values.usage_limit_per_user ?? null,
        expires_at: values.expires_at ? values.expires_at.endOf("day").toISOString() : null,
        individual_use: values.individual_use,
        product_ids: [],
      }),
    onSuccess: (row) => {
      void message.success(`${row.code} was created.`);
      setAdding(false);
      form.resetFields();
      void refresh();
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof CouponForm, errors: [e.message] })));
      else form.setFields([{ name: "code", errors: [error.message] }]);
    },
  });
  if (coupons.isError)
    return (
      <LoadError
        title="The coupons could not be loaded"
        error={coupons.error}
        onRetry={() => coupons.refetch()}
      />
    );
  const columns: ColumnsType<ConsoleCoupon> = [
    { title: "Code", dataIndex: "code" },
    {
      title: "Discount",
      key: "discount",
      render: (_, row) => (row.discount_type === "percent" ? `${row.amount}%` : formatAud(row.amount)),
    },
    {
      title: "Used",
      key: "used",
      render: (_, row) => `${row.usage_count}${row.usage_limit === null ? "" : ` of ${row.usage_limit}`}`,
    },
    {
      title: "Expires",
      dataIndex: "expires_at",
      render: (at: string | null) => (at ? formatInstant(at, "D MMM YYYY") : "Never"),
    },
    {
      title: "State",
      dataIndex: "disabled",
      render: (disabled: boolean) => <StateTag good={!disabled}>{disabled ? "Disabled" : "Active"}</StateTag>,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Button size="small" onClick={() => toggle.mutate(row)}>
          {row.disabled ? "Enable" : "Disable"} {row.code}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button onClick={() => setAdding(true)}>Create a coupon</Button>
      </Flex>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Coupons">
        <Table<ConsoleCoupon>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={coupons.data?.rows ?? []}
          loading={coupons.isFetching}
          pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
          style={{ minWidth: 760 }}
          locale={{ emptyText: <span className="console__empty">No coupon yet.</span> }}
        />
      </section>
      <Modal
        open={adding}
        title="Create a coupon"
        okText="Create coupon"
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        confirmLoading={add.isPending}
        destroyOnHidden
      >
        <Form<CouponForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ discount_type: "percent", individual_use: false }}
          onFinish={(values) => add.mutate(values)}
        >
          <Form.Item label="Code" name="code">
            <Input autoFocus autoComplete="off" />
          </Form.Item>
          <Form.Item label="Kind" name="discount_type">
            <Select
              options={[
                { value: "percent", label: "A percentage of the price" },
                { value: "fixed_cart", label: "A fixed amount (AUD)" },
              ]}
            />
          </Form.Item>
          <Form.Item label="Discount (percent, or dollars for a fixed amount)" name="amount">
            <InputNumber min={0} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Uses in all (empty: no limit)" name="usage_limit">
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Uses per person (empty: no limit)" name="usage_limit_per_user">
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Expires after (empty: never)" name="expires_at">
            <DatePicker />
          </Form.Item>
          <Form.Item label="Not with other coupons" name="individual_use" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
