import {
  ASIC_PAYMENT_FAILED_TITLE,
  ASIC_PAYMENT_NOT_FINISHED_TITLE,
  ASIC_PAYMENT_SUCCESS_TITLE,
  ASIC_RETURN_TO_PAYMENT,
  ASIC_TRANSACTION_STATUS_FAILED,
  asicPaymentDeclined,
} from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Modal, Result, Spin } from "antd";
import { useSearchParams } from "react-router";
import { asicTransactionStatus } from "../../api/asic";
import { useAsicPayment } from "./use-asic-payment";

/**
 * The return from ASIC's payment gateway (interview spec §2, §4, §8):
 * /my-account/my-document?docId={id}&action=get_transaction_status asks for the transaction's
 * status: a declined code shows 'Payment to ASIC failed !' with the code, the message and Retry;
 * otherwise 'Payment Successful' with the receipt number or N/A.
 */
export function AsicPaymentReturn({ teamId }: { teamId: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("docId");
  const docId =
    params.get("action") === "get_transaction_status" && raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (docId === undefined) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("docId");
        next.delete("action");
        return next;
      },
      { replace: true },
    );
  return <AsicPaymentResult key={docId} teamId={teamId} docId={docId} onClose={close} />;
}

function AsicPaymentResult({
  teamId,
  docId,
  onClose,
}: {
  teamId: number;
  docId: number;
  onClose: () => void;
}) {
  const pay = useAsicPayment(teamId);
  const status = useQuery({
    queryKey: ["asic-transaction-status", teamId, docId],
    queryFn: () => asicTransactionStatus(teamId, docId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const feePayment = status.data?.businessDocumentBody.feePayment;
  const failed = feePayment ? feePayment.declinedCode !== null : false;
  const retry = () => {
    onClose();
    pay(docId, status.data?.application.asic_fee ?? 0);
  };
  // Above the document drawer the list opens for the same docId.
  return (
    <Modal open centered onCancel={onClose} footer={null} title={null} width={480} zIndex={1100}>
      {status.isPending ? (
        <Spin />
      ) : status.isError ? (
        <Result
          status="error"
          title={ASIC_TRANSACTION_STATUS_FAILED}
          subTitle={status.error.message}
          extra={<Button onClick={onClose}>Close</Button>}
        />
      ) : feePayment?.declinedCode === "RESERVED" ? (
        // Interrupted, not declined: the gateway still holds the same payment until it expires.
        <Result
          status="warning"
          title={ASIC_PAYMENT_NOT_FINISHED_TITLE}
          subTitle={feePayment.declinedMessage}
          extra={[
            <Button key="close" onClick={onClose}>
              Close
            </Button>,
            <Button key="return" type="primary" onClick={retry}>
              {ASIC_RETURN_TO_PAYMENT}
            </Button>,
          ]}
        />
      ) : failed ? (
        <Result
          status="error"
          title={ASIC_PAYMENT_FAILED_TITLE}
          subTitle={asicPaymentDeclined(
            feePayment?.declinedCode ?? null,
            feePayment?.declinedMessage ?? null,
          )}
          extra={[
            <Button key="close" onClick={onClose}>
              Close
            </Button>,
            <Button key="retry" type="primary" onClick={retry}>
              Retry
            </Button>,
          ]}
        />
      ) : (
        <Result
          status="success"
          title={ASIC_PAYMENT_SUCCESS_TITLE}
          subTitle={`Receipt number: ${feePayment?.receiptNum ?? "N/A"}`}
          extra={
            <Button type="primary" onClick={onClose}>
              OK
            </Button>
          }
        />
      )}
    </Modal>
  );
}
