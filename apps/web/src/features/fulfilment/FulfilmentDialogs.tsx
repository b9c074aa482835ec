import {
  AU_STATES,
  type DocumentFulfilment,
  type DocumentRow,
  type FulfilmentKind,
  type FulfilmentRequest,
  formatNumericDay,
  LEGAL_REVIEW_NOTE_MAX,
  type ListSection,
  ORGANISATION_DOCUMENTS,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from "antd";
import { useState } from "react";
import { ApiError, isApiError } from "../../api/client";
import {
  cancelFulfilment,
  checkoutFor,
  fulfilmentQuery,
  orderHardCopy,
  requestLegalReview,
} from "../../api/fulfilment";
import { LoadError } from "../../components/LoadError";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { formatCents } from "../catalogue/catalogue-model";
import { announceRedirect } from "../catalogue/PurchaseModal";
import { FulfilmentStatusTag } from "./FulfilmentStatusTag";
import { LiteUpgradeNotice } from "./LiteUpgradeNotice";

type Props = {
  teamId: number;
  document: Pick<DocumentRow, "id" | "name" | "abilities" | "created_by_user">;
  section: ListSection;
  onClose: () => void;
};

const TITLES: Record<FulfilmentKind, string> = { legal_review: "Legal review", hard_copy: "Order hard copy" };

/**
 * 'Legal review' and 'Order hard copy' on a finished document (documents spec §2, §4): the Lite
 * notice for a review on the Lite plan, the owner's confirmation on another member's organisation
 * document, then the dialog, whose order is paid at the existing checkout.
 */
export function FulfilmentDialog({ kind, ...props }: Props & { kind: FulfilmentKind }) {
  const askOwner = props.section === ORGANISATION_DOCUMENTS && props.document.abilities.owner_confirmation;
  const [confirmed, setConfirmed] = useState(!askOwner);
  if (kind === "legal_review" && props.document.abilities.upgrade_prompt)
    return <LiteUpgradeNotice feature="Legal review" onClose={props.onClose} />;
  if (!confirmed) {
    return (
      <Modal
        open
        title="Changes need to be notified"
        okText="Continue"
        onOk={() => setConfirmed(true)}
        onCancel={props.onClose}
      >
        <Typography.Paragraph>
          This document belongs to {props.document.created_by_user.display_name}. Ordering a{" "}
          {kind === "legal_review" ? "legal review" : "hard copy"} of it will be notified to them.
        </Typography.Paragraph>
      </Modal>
    );
  }
  return <FulfilmentForm kind={kind} ownerConfirmed={askOwner} {...props} />;
}

const goToPaymentPage = (url: string) => window.location.assign(url);

function FulfilmentForm({
  kind,
  teamId,
  document,
  section,
  ownerConfirmed,
  onClose,
}: Props & { kind: FulfilmentKind; ownerConfirmed: boolean }) {
  const { message } = App.useApp();
  const { user } = useCurrentTeam();
  const queryClient = useQueryClient();
  const info = useQuery(fulfilmentQuery(teamId, document.id));
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const copies = Form.useWatch("copies", form) as number | undefined;
  const shipping = Form.useWatch("shipping", form) as string | undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["fulfilment", teamId, document.id] });
  const pay = async (request: FulfilmentRequest) => {
    if (request.status === "paid") {
      void message.success(`${TITLES[kind]} requested: the team has it and will email you.`);
      await refresh();
      onClose();
      return;
    }
    const checkout = await checkoutFor(teamId, document.id, request.order_id);
    await announceRedirect(message);
    goToPaymentPage(checkout.url);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.length > 0) {
        form.setFields(
          failure.fieldErrors.map((field) => ({
            name: field.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            errors: [field.message],
          })),
        );
      }
      setError(isApiError(failure) ? failure.message : "The request could not be sent. Please try again.");
      setBusy(false);
      await refresh();
    }
  };

  const submit = () =>
    run(async () => {
      const values = await form.validateFields().catch(() => undefined);
      if (!values) return setBusy(false);
      const common = {
        billing: values.billing,
        type: section,
        owner_confirmed: ownerConfirmed,
        note: values.note ?? "",
      };
      const request =
        kind === "legal_review"
          ? await requestLegalReview(teamId, document.id, common)
          : await orderHardCopy(teamId, document.id, {
              ...common,
              copies: values.copies,
              shipping: values.shipping,
              address: values.address,
            });
      await pay(request);
    });

  const data = info.data;
  const unpaid = data?.requests.find((r) => r.kind === kind && r.status === "requested");
  const refusal = data
    ? kind === "legal_review"
      ? data.legal_review.refusal
      : data.hard_copy.refusal
    : null;
  const total = data ? priceOf(kind, data, copies, shipping) : null;

  let body: React.ReactNode;
  if (info.isError) {
    body = (
      <LoadError
        title="Cannot get the prices"
        error={info.error}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else {
    body = (
      <>
        <RequestHistory requests={data.requests.filter((r) => r.kind === kind)} />
        {unpaid ? (
          <Alert
            type="warning"
            showIcon
            title={`A ${kind === "legal_review" ? "legal review" : "hard copy"} request of ${formatCents(unpaid.total)} is awaiting payment.`}
            description="Pay for it now, or cancel it to make a new one."
          />
        ) : refusal ? (
          <Alert type="info" showIcon title={refusal} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            requiredMark="optional"
            initialValues={{
              copies: 1,
              shipping: data.hard_copy.shipping[0]?.id,
              billing: { first_name: user.first_name, last_name: user.last_name, email: user.email },
              address: { recipient: `${user.first_name} ${user.last_name}`.trim() },
            }}
          >
            {kind === "legal_review" ? (
              <Typography.Paragraph>
                A lawyer of our review team reads <strong>{document.name}</strong> and emails you their
                comments.
              </Typography.Paragraph>
            ) : (
              <HardCopyFields info={data} />
            )}
            <Form.Item
              label={
                kind === "legal_review" ? "What should the lawyer look at?" : "Note for the printing team"
              }
              name="note"
            >
              <Input.TextArea rows={3} maxLength={LEGAL_REVIEW_NOTE_MAX} showCount />
            </Form.Item>
            <BillingFields />
          </Form>
        )}
        {total !== null && !unpaid && !refusal && (
          <Descriptions size="small" column={1} bordered className="fulfilment__total">
            <Descriptions.Item label="Total (inc. GST)">{formatCents(total)}</Descriptions.Item>
          </Descriptions>
        )}
      </>
    );
  }

  const footer = [
    <Button key="close" onClick={onClose} disabled={busy}>
      {unpaid || refusal ? "Close" : "Cancel"}
    </Button>,
  ];
  if (unpaid) {
    footer.push(
      <Button
        key="cancel-request"
        danger
        disabled={busy}
        onClick={() =>
          void run(async () => {
            await cancelFulfilment(teamId, document.id, unpaid.id);
            void message.success("The request was cancelled.");
            await refresh();
            setBusy(false);
          })
        }
      >
        Cancel request
      </Button>,
      <Button key="pay" type="primary" loading={busy} onClick={() => void run(() => pay(unpaid))}>
        Pay now
      </Button>,
    );
  } else if (data && !refusal) {
    footer.push(
      <Button key="submit" type="primary" loading={busy} onClick={() => void submit()}>
        {total === 0 ? "Send request" : "Continue to payment"}
      </Button>,
    );
  }

  return (
    <Modal
      open
      title={`${TITLES[kind]}: Doc ID ${document.id}`}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={footer}
    >
      {error && <Alert type="error" showIcon title={error} className="fulfilment__error" />}
      {body}
    </Modal>
  );
}

function priceOf(kind: FulfilmentKind, info: DocumentFulfilment, copies?: number, shipping?: string) {
  if (kind === "legal_review") return info.legal_review.price;
  const option = info.hard_copy.shipping.find((o) => o.id === shipping);
  if (!option || !copies) return null;
  return info.hard_copy.price_per_copy * copies + option.price;
}

function RequestHistory({ requests }: { requests: FulfilmentRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Descriptions size="small" column={1} title="Requests for this document" className="fulfilment__history">
      {requests.map((r) => (
        <Descriptions.Item key={r.id} label={`#${r.id} · ${formatNumericDay(new Date(r.created_at))}`}>
          <Space wrap>
            <FulfilmentStatusTag status={r.status} kind={r.kind} />
            {formatCents(r.total)}
            {r.copies !== null && `${r.copies} ${r.copies === 1 ? "copy" : "copies"}, ${r.shipping_label}`}
          </Space>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function HardCopyFields({ info }: { info: DocumentFulfilment }) {
  const required = (what: string) => [{ required: true, whitespace: true, message: `Please enter ${what}.` }];
  return (
    <>
      <Typography.Paragraph>
        Printed and bound copies, {formatCents(info.hard_copy.price_per_copy)} each, posted within Australia.
      </Typography.Paragraph>
      <Form.Item
        label="Copies"
        name="copies"
        rules={[{ required: true, message: "Please enter how many copies." }]}
      >
        <InputNumber min={1} max={info.hard_copy.max_copies} precision={0} />
      </Form.Item>
      <Form.Item
        label="Shipping"
        name="shipping"
        rules={[{ required: true, message: "Please choose a shipping option." }]}
      >
        <Radio.Group>
          <Space orientation="vertical">
            {info.hard_copy.shipping.map((option) => (
              <Radio key={option.id} value={option.id}>
                {option.label}: {formatCents(option.price)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Typography.Title level={5}>Deliver to</Typography.Title>
      <Form.Item label="Recipient" name={["address", "recipient"]} rules={required("who the copies are for")}>
        <Input maxLength={120} autoComplete="name" />
      </Form.Item>
      <Form.Item label="Company" name={["address", "company"]}>
        <Input maxLength={200} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        label="Street address"
        name={["address", "address_1"]}
        rules={required("the street address")}
      >
        <Input maxLength={200} autoComplete="address-line1" />
      </Form.Item>
      <Form.Item label="Address line 2" name={["address", "address_2"]}>
        <Input maxLength={200} autoComplete="address-line2" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item label="Suburb" name={["address", "suburb"]} rules={required("the suburb or town")}>
            <Input maxLength={100} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item
            label="State"
            name={["address", "state"]}
            rules={[{ required: true, message: "Please choose a state or territory." }]}
          >
            <Select showSearch options={AU_STATES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item
            label="Postcode"
            name={["address", "postcode"]}
            rules={[
              {
                required: true,
                pattern: /^\d{4}$/,
                message: "Please enter a four-digit Australian postcode.",
              },
            ]}
          >
            <Input maxLength={4} inputMode="numeric" autoComplete="postal-code" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Phone for the courier" name={["address", "phone"]}>
        <Input maxLength={40} autoComplete="tel" />
      </Form.Item>
    </>
  );
}

function BillingFields() {
  return (
    <>
      <Typography.Title level={5}>Billing details</Typography.Title>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="First name"
            name={["billing", "first_name"]}
            rules={[{ required: true, whitespace: true, message: "Please input your first name!" }]}
          >
            <Input maxLength={100} autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Last name"
            name={["billing", "last_name"]}
            rules={[{ required: true, whitespace: true, message: "Please input your last name!" }]}
          >
            <Input maxLength={100} autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item
            label="Email"
            name={["billing", "email"]}
            rules={[{ required: true, type: "email", message: "Please input a valid email!" }]}
          >
            <Input maxLength={254} autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item label="Company" name={["billing", "company"]}>
            <Input maxLength={200} autoComplete="organization" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
