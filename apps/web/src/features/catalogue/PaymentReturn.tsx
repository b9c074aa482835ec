import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";

// The dialog, with the template flow behind it, loads only on a return from the payment page.
const PaymentReturnDialog = lazy(async () => ({
  default: (await import("./PaymentReturnDialog")).PaymentReturnDialog,
}));

/**
 * The return from the payment page (documents spec §2, §8): /my-account/my-document?order_id={id}
 * shows 'Payment Confirmed' (Continue to interview opens the start wizard) and with error=1, or an
 * order whose payment was declined, 'Payment Declined' with Cancel and Retry.
 */
export function PaymentReturn({ teamId }: { teamId: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("order_id");
  const orderId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (orderId === undefined) return null;
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
  return (
    <Suspense fallback={null}>
      <PaymentReturnDialog
        key={orderId}
        teamId={teamId}
        orderId={orderId}
        failed={params.get("error") === "1"}
        onClose={close}
      />
    </Suspense>
  );
}
