import { HistoryOutlined, PlusCircleOutlined } from "@ant-design/icons";
import { CANNOT_GET_USED_CREDIT } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Space, Typography } from "antd";
import { useState } from "react";
import { creditStatusQuery } from "../../api/credits";
import { BuyCreditModal } from "./BuyCreditModal";
import { CreditLogsModal } from "./CreditLogsModal";

/**
 * 'Buy credit' and 'Credit logs' for the company page's credit status, each shown only when the
 * server's abilities allow it (owners and managers of a Best Practice firm).
 */
export function CreditActions({ teamId }: { teamId: number }) {
  const status = useQuery(creditStatusQuery(teamId));
  const [open, setOpen] = useState<"buy" | "logs" | null>(null);
  const credit = status.data;
  // Without the credit status an owner would find Buy credit and Credit logs simply gone: say why.
  if (status.isError && !credit)
    return (
      <Alert
        type="warning"
        showIcon
        className="credit-actions"
        title={CANNOT_GET_USED_CREDIT}
        description={status.error.message}
        action={
          <Button size="small" onClick={() => void status.refetch()} loading={status.isFetching}>
            Try again
          </Button>
        }
      />
    );
  if (!credit?.shown) return null;
  const close = () => setOpen(null);
  return (
    <>
      {/* What credits cover, or why they wait and cannot be bought: the server's words. */}
      <Typography.Paragraph className="credit-actions__note">
        {credit.note}
        {credit.abilities.buy_refused && ` ${credit.abilities.buy_refused}`}
      </Typography.Paragraph>
      <Space wrap className="credit-actions">
        {credit.abilities.buy && (
          <Button icon={<PlusCircleOutlined aria-hidden />} onClick={() => setOpen("buy")}>
            Buy credit
          </Button>
        )}
        {credit.abilities.view_logs && (
          <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setOpen("logs")}>
            Credit logs
          </Button>
        )}
        <BuyCreditModal teamId={teamId} remaining={credit.remaining} open={open === "buy"} onClose={close} />
        <CreditLogsModal
          teamId={teamId}
          remaining={credit.remaining}
          open={open === "logs"}
          onClose={close}
        />
      </Space>
    </>
  );
}
