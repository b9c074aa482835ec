import {
  CREDIT_PAYMENT_CONFIRMED,
  ORDER_IN_PROGRESS,
  PAYMENT_CONFIRMED_TITLE,
  PURCHASE_FAILED,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Modal, Result, Spin } from "antd";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { isApiError } from "../../api/client";
import { completeCreditPurchase, creditsKey } from "../../api/credits";
import { ordersKey } from "../../api/orders";
import { useCurrentTeam } from "../../current-firm/use-current-team";

/** A provider may confirm a payment a moment after the browser is back: ask again a few times. */
const SETTLE_RETRIES = 5;
const SETTLE_DELAY_MS = 1500;

/**
 * The return from a credit purchase's payment page: /my-account/my-company?order_id={id} adds
 * the order's credits (once; the server knows) and confirms; with error=1 the payment failed.
 * Mount it on the company page.
 */
export function CreditPaymentReturn() {
  const { team } = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const raw = params.get("order_id");
  const orderId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!team || orderId === undefined) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("order_id");
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  return params.get("error") === "1" ? (
    <Modal open title="Payment" onCancel={close} footer={<Button onClick={close}>Close</Button>}>
      <Result status="error" title={PURCHASE_FAILED} subTitle="No credit was added. You can try again." />
    </Modal>
  ) : (
    <CreditReturnDialog key={orderId} teamId={team.id} orderId={orderId} onClose={close} />
  );
}

function CreditReturnDialog({
  teamId,
  orderId,
  onClose,
}: {
  teamId: number;
  orderId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ["credit-return", teamId, orderId],
    queryFn: () => completeCreditPurchase(teamId, orderId),
    retry: (count, error) =>
      count < SETTLE_RETRIES && isApiError(error) && error.message === ORDER_IN_PROGRESS,
    retryDelay: SETTLE_DELAY_MS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const done = result.isSuccess;
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: creditsKey(teamId) });
    void queryClient.invalidateQueries({ queryKey: ["team", teamId] });
    void queryClient.invalidateQueries({ queryKey: ordersKey(teamId) });
  }, [done, queryClient, teamId]);

  if (result.isPending) {
    return (
      <Modal open title="Payment" onCancel={onClose} footer={null}>
        <Spin description="Checking your payment…">
          <div className="credit-return__waiting" />
        </Spin>
      </Modal>
    );
  }
  if (result.isError) {
    return (
      <Modal open title="Payment" onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <Result status="warning" title={result.error.message || PURCHASE_FAILED} />
      </Modal>
    );
  }
  const { cap_qty, limit } = result.data;
  return (
    <Modal
      open
      title={PAYMENT_CONFIRMED_TITLE}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <Result
        status="success"
        title={`${cap_qty} credits added`}
        subTitle={
          <>
            {CREDIT_PAYMENT_CONFIRMED}
            <br />
            Credit remaining: {limit}
          </>
        }
      />
    </Modal>
  );
}
