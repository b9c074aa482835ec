import {
  CONTINUE_TO_INTERVIEW,
  ORDER_ALREADY_USED,
  ORDER_NOT_PAID,
  PAYMENT_CONFIRMED_TEXT,
  PAYMENT_CONFIRMED_TITLE,
  PAYMENT_DECLINED_TEXT,
  PAYMENT_DECLINED_TITLE,
  PURCHASE_FAILED,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Modal, Result, Spin } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { membershipKey, orderQuery, productQuery, requestCheckout } from "../../api/catalogue";
import { isApiError } from "../../api/client";
import { ordersKey } from "../../api/orders";
import { ORDERS_PATH } from "../../constants";
import { announceRedirect } from "./PurchaseModal";
import { useTemplateFlow } from "./use-template-flow";
import "./catalogue.css";

/** How long a return without a result waits for the provider to report the payment. */
const PAYMENT_SETTLE_POLL_MS = 1500;
const PAYMENT_SETTLE_MAX_POLLS = 5;

/**
 * 'Payment Confirmed' or 'Payment Declined' for the order the payment page returned with
 * (PaymentReturn.tsx decides when; documents spec §2, §8).
 */
export function PaymentReturnDialog({
  teamId,
  orderId,
  failed,
  onClose,
}: {
  teamId: number;
  orderId: number;
  failed: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useTemplateFlow(teamId);
  const [retrying, setRetrying] = useState(false);
  const [continued, setContinued] = useState(false);
  const [looks, setLooks] = useState(0);
  const order = useQuery({
    ...orderQuery(teamId, orderId),
    // A provider may report a payment a moment after the browser is back: look again a few times.
    refetchInterval: (query) =>
      !failed && query.state.data?.payment_status === "unpaid" && looks < PAYMENT_SETTLE_MAX_POLLS
        ? PAYMENT_SETTLE_POLL_MS
        : false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new reply is one more look
  useEffect(() => {
    if (order.data) setLooks((count) => count + 1);
  }, [order.dataUpdatedAt]);
  // Once paid, the catalogue's Start Document and My Orders must know at once (not after a minute).
  const paid = order.data?.payment_status === "paid";
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: membershipKey(teamId) });
    void queryClient.invalidateQueries({ queryKey: ordersKey(teamId) });
  }, [paid, queryClient, teamId]);
  const productId = order.data?.line_items[0]?.product_id;
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId !== undefined });

  const retry = async () => {
    setRetrying(true);
    try {
      const checkout = await requestCheckout(teamId, orderId);
      await announceRedirect(message);
      window.location.assign(checkout.url);
    } catch (error) {
      void message.error(
        isApiError(error) && error.status < 500 && error.message ? error.message : PURCHASE_FAILED,
      );
      setRetrying(false);
    }
  };

  const continueToInterview = () => {
    if (!product.data) return;
    // The address keeps order_id until the document is started: a reload offers it again.
    setContinued(true);
    flow.startFromOrder(product.data, orderId);
  };

  const status = order.data?.payment_status;
  const settling = !failed && status === "unpaid" && looks < PAYMENT_SETTLE_MAX_POLLS;
  let dialog: ReactNode = null;
  if (continued && flow.active) {
    // The start wizard is open; cancelling it comes back here.
    dialog = null;
  } else if (order.isError) {
    dialog = (
      <Modal open title="Payment" onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <Result status="warning" title={order.error.message} />
      </Modal>
    );
  } else if (order.isPending || settling) {
    dialog = (
      <Modal open title="Payment" onCancel={onClose} footer={null}>
        <Spin description="Checking your payment…">
          <div className="payment-return__waiting" />
        </Spin>
      </Modal>
    );
  } else if (status === "paid") {
    dialog = (
      <Modal
        open
        title={PAYMENT_CONFIRMED_TITLE}
        onCancel={onClose}
        footer={[
          <Button key="orders" onClick={() => navigate(ORDERS_PATH)}>
            View My Orders
          </Button>,
          <Button
            key="continue"
            type="primary"
            onClick={continueToInterview}
            loading={product.isPending}
            disabled={!product.data}
          >
            {CONTINUE_TO_INTERVIEW}
          </Button>,
        ]}
      >
        {/* The dialog's title already says it: the result only shows the icon and the text. */}
        <Result status="success" subTitle={PAYMENT_CONFIRMED_TEXT} className="payment-return__result" />
      </Modal>
    );
  } else if (status === "used") {
    dialog = (
      <Modal open title="Payment" onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <Result status="info" title={ORDER_ALREADY_USED} />
      </Modal>
    );
  } else {
    // error=1 from the provider, a declined attempt, or an order still unpaid after waiting.
    const declined = failed || status === "declined";
    dialog = (
      <Modal
        open
        title={declined ? PAYMENT_DECLINED_TITLE : "Payment not completed"}
        onCancel={onClose}
        footer={[
          <Button key="cancel" onClick={onClose} disabled={retrying}>
            Cancel
          </Button>,
          <Button key="retry" type="primary" loading={retrying} onClick={() => void retry()}>
            Retry
          </Button>,
        ]}
      >
        <Result
          status="error"
          title={declined ? PAYMENT_DECLINED_TEXT : ORDER_NOT_PAID}
          subTitle={order.data?.declined_reason ?? undefined}
        />
      </Modal>
    );
  }
  return (
    <>
      {dialog}
      {flow.element}
    </>
  );
}
