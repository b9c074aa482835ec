import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { CANNOT_GET_CREDIT_PACKAGES, type CreditPackage, PURCHASE_FAILED } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Grid, Modal, Radio, Skeleton, Typography } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { isApiError } from "../../api/client";
import { CREDIT_STEP_FAILURES, creditPackagesQuery, startCreditPurchase } from "../../api/credits";
import { BUY_CREDIT_DEBOUNCE_MS, CREDIT_PACKAGES_PER_PAGE } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { announceRedirect } from "../catalogue/PurchaseModal";
import "./credits.css";

const aud = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What a failed purchase tells the user: the server's reason for a refusal, the spec's words for
 * the step that failed, else the spec's checkout text.
 */
const purchaseFailure = (error: unknown) =>
  isApiError(error) &&
  error.message &&
  ((error.status >= 400 && error.status < 500) || CREDIT_STEP_FAILURES.has(error.message))
    ? error.message
    : PURCHASE_FAILED;

function PackageCard({ pack }: { pack: CreditPackage }) {
  return (
    <Radio value={pack.id} className="credit-package">
      <span className="credit-package__credits">{pack.cap_qty}</span>
      <span className="credit-package__unit">credits</span>
      <span className="credit-package__name">{pack.name}</span>
      <span className="credit-package__price">{aud(pack.regular_price)}</span>
      <span className="credit-package__each">
        {aud(Math.round(pack.regular_price / pack.cap_qty))} per credit
      </span>
    </Radio>
  );
}

/**
 * The Buying Credit modal (account-area §2, §4, §5): package cards three at a time with arrows
 * stepping by three (a vertical list on a phone), a summary, Cancel and Buy. Buy goes to the
 * payment page through an order; it is disabled until the user and a package are known, and
 * ignores repeated clicks while a purchase is being prepared.
 */
export function BuyCreditModal({
  teamId,
  remaining,
  open,
  onClose,
}: {
  teamId: number;
  remaining: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { user } = useCurrentTeam();
  const { message } = App.useApp();
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const packages = useQuery({ ...creditPackagesQuery(teamId), enabled: open });
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<number | undefined>();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastClick = useRef(0);

  const list = packages.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / CREDIT_PACKAGES_PER_PAGE));
  const shown = phone
    ? list
    : list.slice(page * CREDIT_PACKAGES_PER_PAGE, (page + 1) * CREDIT_PACKAGES_PER_PAGE);
  const selected = list.find((p) => p.id === chosen);
  const userKnown = Boolean(user?.id);

  const close = () => {
    if (running) return;
    setPage(0);
    setError(null);
    onClose();
  };

  const buy = async () => {
    const now = Date.now();
    if (running || !selected || !userKnown || now - lastClick.current < BUY_CREDIT_DEBOUNCE_MS) return;
    lastClick.current = now;
    setRunning(true);
    setError(null);
    try {
      const url = await startCreditPurchase(teamId, selected.id, {
        first_name: user.first_name || user.name || "Account",
        last_name: user.last_name || "Holder",
        // The billing email falls back to the account's (account-area §5).
        email: user.email,
        company: "",
        phone: "",
        address_1: "",
        address_2: "",
        city: "",
        state: "",
        postcode: "",
        country: "AU",
      });
      await announceRedirect(message);
      window.location.assign(url);
    } catch (failure) {
      setError(purchaseFailure(failure));
      setRunning(false);
    }
  };

  let body: ReactNode;
  if (packages.isPending) {
    body = (
      <div role="status" aria-label="Loading credit packages">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (packages.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={CANNOT_GET_CREDIT_PACKAGES}
        action={
          <Button size="small" onClick={() => void packages.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = <Typography.Paragraph>No credit packages are on sale at the moment.</Typography.Paragraph>;
  } else {
    body = (
      <div className="credit-packages">
        {!phone && (
          <Button
            shape="circle"
            icon={<LeftOutlined aria-hidden />}
            aria-label="Previous packages"
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          />
        )}
        <Radio.Group
          aria-label="Credit packages"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          className={
            phone ? "credit-packages__list credit-packages__list--vertical" : "credit-packages__list"
          }
        >
          {shown.map((pack) => (
            <PackageCard key={pack.id} pack={pack} />
          ))}
        </Radio.Group>
        {!phone && (
          <Button
            shape="circle"
            icon={<RightOutlined aria-hidden />}
            aria-label="Next packages"
            disabled={page >= pages - 1}
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
          />
        )}
      </div>
    );
  }

  return (
    <Modal
      open={open}
      title="Buying Credit"
      onCancel={close}
      maskClosable={!running}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} disabled={running}>
          Cancel
        </Button>,
        <Button
          key="buy"
          type="primary"
          onClick={() => void buy()}
          loading={running}
          disabled={!selected || !userKnown}
        >
          Buy
        </Button>,
      ]}
    >
      {body}
      <section aria-label="Summary" className="credit-summary" aria-live="polite">
        {selected ? (
          <>
            <Typography.Text strong>{selected.name}</Typography.Text>
            <Typography.Text>
              {selected.cap_qty} credits for {aud(selected.regular_price)} AUD inc. GST
            </Typography.Text>
            {remaining !== null && (
              <Typography.Text type="secondary">
                Credit remaining after purchase: {remaining + selected.cap_qty}
              </Typography.Text>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">Choose a package to see its summary.</Typography.Text>
        )}
      </section>
      {error && <Alert type="error" showIcon title={error} className="credit-summary__error" />}
    </Modal>
  );
}
