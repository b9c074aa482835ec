import { CloseOutlined } from "@ant-design/icons";
import {
  type Billing,
  COUPON_ALREADY_APPLIED,
  COUPON_REQUIRED,
  GST_DIVISOR,
  PROCESSING_TO_PAYMENT,
  type PriceSummary,
  type Product,
  PURCHASE_FAILED,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Divider,
  Form,
  Input,
  Modal,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { checkCoupon, createOrder, requestCheckout } from "../../api/catalogue";
import { ApiError, isApiError } from "../../api/client";
import { teamQuery } from "../../api/teams";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { formatCents } from "./catalogue-model";

type PurchaseModalProps = { teamId: number; product: Product; onClose: () => void };

type BillingValues = Pick<
  Billing,
  "first_name" | "last_name" | "company" | "email" | "phone" | "address_1" | "city" | "state" | "postcode"
>;

/** Sends the browser to the payment page; a function so the step is visible in one place. */
const goToPaymentPage = (url: string) => window.location.assign(url);

/** How long 'Processing to payment page...' shows before the browser leaves: long enough to read. */
const PAYMENT_REDIRECT_DELAY_MS = 900;

/**
 * The success toast while redirecting (documents spec §8). Leaving at once unloads the page before
 * the toast is drawn, so it never appeared; the browser now leaves once it has been shown.
 */
export async function announceRedirect(message: { success: (content: string) => unknown }) {
  void message.success(PROCESSING_TO_PAYMENT);
  await new Promise((resolve) => window.setTimeout(resolve, PAYMENT_REDIRECT_DELAY_MS));
}

/** What a failed purchase call tells the user: the server's reason for a refusal, else the spec's. */
const purchaseFailure = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : PURCHASE_FAILED;

/**
 * 'Purchase item' (documents spec §2, §4 "Purchase"): billing details, coupon code, the order
 * summary priced by the server, Cancel and Pay now. Pay now creates the order (unpaid), asks for a
 * payment session and sends the browser to the payment page.
 */
export function PurchaseModal({ teamId, product, onClose }: PurchaseModalProps) {
  const { message } = App.useApp();
  const { user } = useCurrentTeam();
  const team = useQuery(teamQuery(teamId));
  const [form] = Form.useForm<BillingValues>();
  const [couponText, setCouponText] = useState("");
  const [couponError, setCouponError] = useState<string | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string | undefined>(undefined);
  const [summary, setSummary] = useState<PriceSummary | undefined>(undefined);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | undefined>(undefined);

  const applyCoupon = async () => {
    const code = couponText.trim();
    if (!code) return setCouponError(COUPON_REQUIRED);
    if (codes.some((applied) => applied.toLowerCase() === code.toLowerCase())) {
      return setCouponError(COUPON_ALREADY_APPLIED);
    }
    setChecking(true);
    setCouponError(undefined);
    try {
      const result = await checkCoupon(teamId, product.id, code, codes);
      setCodes(result.codes);
      setSummary(result.summary);
      setCouponText("");
    } catch (error) {
      setCouponError(isApiError(error) ? error.message : PURCHASE_FAILED);
    } finally {
      setChecking(false);
    }
  };

  // Removing a coupon re-prices the rest on the server (the last one checked with the others).
  const removeCoupon = async (code: string) => {
    const rest = codes.filter((applied) => applied !== code);
    setCouponError(undefined);
    if (rest.length === 0) {
      setCodes([]);
      setSummary(undefined);
      return;
    }
    const last = rest[rest.length - 1] as string;
    setRemoving(code);
    try {
      const result = await checkCoupon(teamId, product.id, last, rest.slice(0, -1));
      setCodes(result.codes);
      setSummary(result.summary);
    } catch (error) {
      setCouponError(isApiError(error) ? error.message : PURCHASE_FAILED);
    } finally {
      setRemoving(undefined);
    }
  };

  const payNow = async () => {
    let billing: BillingValues;
    try {
      billing = await form.validateFields();
    } catch {
      return;
    }
    setPaying(true);
    setPayError(undefined);
    try {
      const order = await createOrder(teamId, product.id, codes, {
        ...billing,
        address_2: "",
        country: team.data?.billing_address.country || "AU",
      });
      const checkout = await requestCheckout(teamId, order.id);
      await announceRedirect(message);
      goToPaymentPage(checkout.url);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const billingFields = error.fieldErrors.filter((field) => field.field.startsWith("billing."));
        form.setFields(
          billingFields.map((field) => ({
            name: field.field.slice("billing.".length) as keyof BillingValues,
            errors: [field.message],
          })),
        );
      }
      setPayError(purchaseFailure(error));
      setPaying(false);
    }
  };

  const address = team.data?.billing_address;
  const initialBilling: Partial<BillingValues> = {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    company: team.data?.name ?? "",
    address_1: address
      ? [address.unit, address.address_1, address.street_type].filter(Boolean).join(" ")
      : "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    postcode: address?.postcode ?? "",
  };

  // Until a coupon is applied the total is the regular price; GST is the 1/11 share the server uses.
  const shown: PriceSummary = summary ?? {
    regular_price: product.regular_price,
    discounts: [],
    discount_total: 0,
    total: product.regular_price,
    total_tax: Math.round(product.regular_price / GST_DIVISOR),
    currency: "AUD",
  };

  return (
    <Modal
      open
      title="Purchase item"
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={paying}>
          Cancel
        </Button>,
        // Not before the billing details are on the form: it fills in from the firm's details once,
        // as it first shows, and a click before then sent an empty form.
        <Button
          key="pay"
          type="primary"
          loading={paying}
          disabled={team.isPending}
          onClick={() => void payNow()}
        >
          Pay now
        </Button>,
      ]}
    >
      {payError && <Alert type="error" showIcon title={payError} className="purchase__error" />}
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Typography.Title level={5}>Billing details</Typography.Title>
          {team.isPending ? (
            <div role="status" aria-label="Loading billing details">
              <Skeleton active title={false} paragraph={{ rows: 6 }} />
            </div>
          ) : (
            <Form form={form} layout="vertical" initialValues={initialBilling} requiredMark="optional">
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item
                    label="First name"
                    name="first_name"
                    rules={[{ required: true, whitespace: true, message: "Please input your first name!" }]}
                  >
                    <Input maxLength={100} autoComplete="given-name" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="Last name"
                    name="last_name"
                    rules={[{ required: true, whitespace: true, message: "Please input your last name!" }]}
                  >
                    <Input maxLength={100} autoComplete="family-name" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Company" name="company">
                <Input maxLength={200} autoComplete="organization" />
              </Form.Item>
              <Row gutter={12}>
                <Col span={14}>
                  <Form.Item
                    label="Email"
                    name="email"
                    rules={[{ required: true, type: "email", message: "Please input a valid email!" }]}
                  >
                    <Input maxLength={254} autoComplete="email" />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item label="Phone" name="phone">
                    <Input maxLength={40} autoComplete="tel" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Address" name="address_1">
                <Input maxLength={200} autoComplete="street-address" />
              </Form.Item>
              <Row gutter={12}>
                <Col span={10}>
                  <Form.Item label="Suburb/City" name="city">
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item label="State" name="state">
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item label="Postcode" name="postcode">
                    <Input maxLength={20} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          )}
        </Col>
        <Col xs={24} md={10}>
          <Typography.Title level={5}>Coupon code</Typography.Title>
          <Form.Item
            validateStatus={couponError ? "error" : undefined}
            help={couponError}
            htmlFor="coupon-code"
          >
            <Space.Compact block>
              <Input
                id="coupon-code"
                aria-label="Coupon code"
                placeholder="Coupon code"
                value={couponText}
                maxLength={100}
                onChange={(event) => {
                  setCouponText(event.target.value);
                  setCouponError(undefined);
                }}
                onPressEnter={() => void applyCoupon()}
              />
              <Button loading={checking} onClick={() => void applyCoupon()}>
                Apply
              </Button>
            </Space.Compact>
          </Form.Item>
          {codes.length > 0 && (
            <section className="purchase__coupons" aria-label="Applied coupons">
              {codes.map((code) => (
                // A real button, not the tag's close icon: it has a size, a name and a tab stop,
                // so an individual-use coupon can always be taken off to apply another.
                <Tag key={code} className="purchase__coupon">
                  <span>{code}</span>
                  <Button
                    type="text"
                    size="small"
                    className="purchase__coupon-remove"
                    icon={<CloseOutlined />}
                    aria-label={`Remove coupon ${code}`}
                    title={`Remove coupon ${code}`}
                    disabled={removing !== undefined}
                    loading={removing === code}
                    onClick={() => void removeCoupon(code)}
                  />
                </Tag>
              ))}
            </section>
          )}
          <Divider />
          <Typography.Title level={5}>Order summary</Typography.Title>
          <Descriptions
            column={1}
            size="small"
            className="purchase__summary"
            items={[
              { key: "item", label: product.name, children: formatCents(shown.regular_price) },
              ...shown.discounts.map((discount) => ({
                key: `coupon-${discount.code}`,
                label: `Coupon: ${discount.code}`,
                children: `−${formatCents(discount.amount)}`,
              })),
              { key: "gst", label: "GST included", children: formatCents(shown.total_tax) },
              {
                key: "total",
                label: <strong>Total (inc. GST)</strong>,
                children: <strong data-testid="order-total">{formatCents(shown.total)}</strong>,
              },
            ]}
          />
        </Col>
      </Row>
    </Modal>
  );
}
