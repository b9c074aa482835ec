import type { ConsoleCoupon } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tooltip,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { isApiError } from "../../api/client";
import {
  catalogueProductsQuery,
  couponsQuery,
  createCoupon,
  updateCoupon,
} from "../../api/console-catalogue";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { formatAud } from "./money";
import "./catalogue.css";
import { StateTag } from "./StateTag";

type CouponForm = {
  code: string;
  discount_type: "percent" | "fixed_cart";
  amount: number;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  expires_at: Dayjs | null;
  individual_use: boolean;
  product_ids: number[];
};

/** Why a coupon's terms cannot be changed, as the server refuses it (a used coupon keeps them). */
const TERMS_FIXED = "A coupon that has been used keeps its terms: disable it and create another.";

/** The form's terms as the API takes them: a fixed amount is asked in dollars and kept in cents. */
function termsOf(values: CouponForm) {
  return {
    discount_type: values.discount_type,
    amount: Math.round(values.discount_type === "fixed_cart" ? values.amount * 100 : values.amount),
    usage_limit: values.usage_limit ?? null,
    usage_limit_per_user: values.usage_limit_per_user ?? null,
    expires_at: values.expires_at ? values.expires_at.endOf("day").toISOString() : null,
    individual_use: values.individual_use,
    product_ids: values.product_ids ?? [],
  };
}

/** A coupon's terms in the form, as `termsOf` reads them back. */
const formOf = (row: ConsoleCoupon): Partial<CouponForm> => ({
  code: row.code,
  discount_type: row.discount_type,
  amount: row.discount_type === "fixed_cart" ? row.amount / 100 : row.amount,
  usage_limit: row.usage_limit,
  usage_limit_per_user: row.usage_limit_per_user,
  expires_at: row.expires_at ? dayjs(row.expires_at) : null,
  individual_use: row.individual_use,
  product_ids: row.product_ids,
});

/**
 * Coupons: create one, change an unused one's terms, disable or enable it. A used coupon's terms
 * are fixed (the server answers `change_terms` and refuses a change with 409), so its edit button
 * is off and says why.
 */
export function CatalogueCoupons() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const coupons = useQuery(couponsQuery());
  // null: closed; "new": creating; a coupon: changing its terms.
  const [dialog, setDialog] = useState<null | "new" | ConsoleCoupon>(null);
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
      title: "Applies to",
      key: "products",
      render: (_, row) =>
        row.product_ids.length === 0
          ? "Every product"
          : `${row.product_ids.length} product${row.product_ids.length === 1 ? "" : "s"}`,
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
        <Space wrap size={4}>
          <Tooltip title={row.abilities.change_terms ? undefined : TERMS_FIXED}>
            <Button
              size="small"
              aria-disabled={!row.abilities.change_terms}
              aria-describedby={row.abilities.change_terms ? undefined : `coupon-${row.id}-fixed`}
              onClick={() => (row.abilities.change_terms ? setDialog(row) : message.info(TERMS_FIXED))}
            >
              Edit terms of {row.code}
            </Button>
          </Tooltip>
          {!row.abilities.change_terms && (
            <span id={`coupon-${row.id}-fixed`} className="visually-hidden">
              {TERMS_FIXED}
            </span>
          )}
          <Button size="small" onClick={() => toggle.mutate(row)}>
            {row.disabled ? "Enable" : "Disable"} {row.code}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button onClick={() => setDialog("new")}>Create a coupon</Button>
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
          style={{ minWidth: 900 }}
          locale={{ emptyText: <span className="console__empty">No coupon yet.</span> }}
        />
      </section>
      {dialog !== null && (
        <CouponDialog
          coupon={dialog === "new" ? null : dialog}
          onClose={() => setDialog(null)}
          onSaved={(row, created) => {
            void message.success(created ? `${row.code} was created.` : `${row.code}'s terms were saved.`);
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </Flex>
  );
}

/**
 * The coupon's terms: a new coupon (`coupon` null) or an unused one's. Mounted per opening, so
 * each opening starts from the coupon as listed, never from a previous opening's typing.
 */
function CouponDialog({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: ConsoleCoupon | null;
  onClose: () => void;
  onSaved: (row: ConsoleCoupon, created: boolean) => void;
}) {
  const [form] = Form.useForm<CouponForm>();
  const products = useQuery(catalogueProductsQuery(""));
  const save = useMutation({
    mutationFn: (values: CouponForm) =>
      coupon
        ? updateCoupon(coupon.id, { version: coupon.version, ...termsOf(values) })
        : createCoupon({ code: values.code, ...termsOf(values) }),
    onSuccess: (row) => onSaved(row, coupon === null),
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof CouponForm, errors: [e.message] })));
      else form.setFields([{ name: coupon ? "amount" : "code", errors: [error.message] }]);
    },
  });
  return (
    <Modal
      open
      title={coupon ? `Terms of ${coupon.code}` : "Create a coupon"}
      okText={coupon ? "Save terms" : "Create coupon"}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Form<CouponForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          coupon ? formOf(coupon) : { discount_type: "percent", individual_use: false, product_ids: [] }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {coupon === null && (
          <Form.Item label="Code" name="code">
            <Input autoFocus autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label="Kind" name="discount_type">
          <Select
            options={[
              { value: "percent", label: "A percentage of the price" },
              { value: "fixed_cart", label: "A fixed amount (AUD)" },
            ]}
          />
        </Form.Item>
        <Form.Item label="Discount (percent, or dollars for a fixed amount)" name="amount">
          <InputNumber min={0} precision={2} style={{ width: 200 }} autoFocus={coupon !== null} />
        </Form.Item>
        <Form.Item
          label="Applies to (empty: every product)"
          name="product_ids"
          extra={
            products.isError ? "The products could not be loaded; the coupon keeps its products." : undefined
          }
        >
          <Select
            mode="multiple"
            allowClear
            loading={products.isLoading}
            optionFilterProp="label"
            placeholder="Every product"
            options={(products.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
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
        {/* Enter in a field saves, as the dialog's own button does: that button sits outside the
            form, and a form with several fields submits on Enter only with a submit button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
