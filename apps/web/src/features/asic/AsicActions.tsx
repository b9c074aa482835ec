import {
  ASIC_AFTER_SUBMIT_MS,
  ASIC_RETURN_TO_PAYMENT,
  ASIC_SUBMIT_READY_TEXT,
  ASIC_SUBMIT_READY_TITLE,
  ASIC_SUBMITTED,
  ASIC_SUBMITTED_NOT_PROCESSED,
  asicPaymentStillOpen,
  formatFirmTime,
  spacedAcn,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Tag, Tooltip, Typography } from "antd";
import { useNavigate } from "react-router";
import {
  asicApplicationKey,
  asicApplicationQuery,
  initAsicPayment,
  lodgeAsicApplication,
} from "../../api/asic";
import { useAsicPayment } from "./use-asic-payment";
import { COMPANY_KIT_BUTTON, useCompanyKit } from "./use-company-kit";

/**
 * The interview top bar's ASIC actions (interview spec §2, §4): the payment and ASIC status,
 * 'Make ASIC payment' while unpaid, 'Submit to ASIC' when paid and not lodged or decided, and the
 * ACN and certificate once registered, and 'Create company kit' then (once). Nothing for a document
 * that is not a registration.
 */
export function AsicActions({
  teamId,
  docId,
  listHref,
}: {
  teamId: number;
  docId: number;
  listHref: string;
}) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = useAsicPayment(teamId);
  const createCompanyKit = useCompanyKit(teamId);
  const state = useQuery(asicApplicationQuery(teamId, docId));
  const data = state.data;
  if (!data) return null;

  const submit = () =>
    modal.confirm({
      title: ASIC_SUBMIT_READY_TITLE,
      content: ASIC_SUBMIT_READY_TEXT,
      okText: "Proceed",
      cancelText: "Cancel",
      onOk: async () => {
        try {
          const result = await lodgeAsicApplication(teamId, docId);
          void message.success(result.notProcessed ? ASIC_SUBMITTED_NOT_PROCESSED : ASIC_SUBMITTED);
          if (result.messageEvent) void message.warning(result.messageEvent.description);
          await queryClient.invalidateQueries({ queryKey: asicApplicationKey(teamId, docId) });
          setTimeout(() => {
            if (result.notProcessed) navigate(listHref);
            else window.location.reload();
          }, ASIC_AFTER_SUBMIT_MS);
        } catch (error) {
          await queryClient.invalidateQueries({ queryKey: asicApplicationKey(teamId, docId) });
          void message.error(error instanceof Error ? error.message : String(error));
        }
      },
    });

  /** Back to the interrupted payment's page on the gateway: the same transaction, not a new one. */
  const resume = async () => {
    try {
      const result = await initAsicPayment(teamId, docId);
      if (result.payment) return window.location.assign(result.payment.paymentURL);
      void message.error(result.messageEvent?.description ?? "The payment could not be started.");
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
    await queryClient.invalidateQueries({ queryKey: asicApplicationKey(teamId, docId) });
  };

  return (
    <span className="asic-actions" title="ASIC">
      <Tag>{data.asic_payment_status_name}</Tag>
      <Tag>{data.asic_status_name}</Tag>
      {data.acn && <Tag>ACN {spacedAcn(data.acn)}</Tag>}
      {data.certificate_download_url && (
        <Button href={`${data.certificate_download_url}&id_team=${teamId}`} target="_blank" rel="noopener">
          Certificate of Registration
        </Button>
      )}
      {data.asic_payment_status !== "paid" &&
        (data.payment_resumable ? (
          <>
            <Button onClick={() => void resume()}>{ASIC_RETURN_TO_PAYMENT}</Button>
            <Typography.Text type="secondary" className="asic-actions__note">
              {asicPaymentStillOpen(formatFirmTime(new Date(data.gateway_locked_until ?? Date.now())))}
            </Typography.Text>
          </>
        ) : data.can_pay ? (
          <Button onClick={() => pay(docId, data.asic_fee)}>Make ASIC payment</Button>
        ) : (
          <>
            <Button disabled>Make ASIC payment</Button>
            {data.payment_unavailable_reason && (
              <Typography.Text type="secondary" className="asic-actions__note">
                {data.payment_unavailable_reason}
              </Typography.Text>
            )}
          </>
        ))}
      {data.can_create_company_kit && (
        <Button type="primary" onClick={() => createCompanyKit(docId)}>
          {COMPANY_KIT_BUTTON}
        </Button>
      )}
      {data.company_kit_documents.length > 0 && (
        <Tooltip title={data.company_kit_documents.map((d) => d.name).join(", ")}>
          <Tag>Company kit: {data.company_kit_documents.length} documents</Tag>
        </Tooltip>
      )}
      {data.can_submit && (
        <Button type="primary" onClick={submit}>
          Submit to ASIC
        </Button>
      )}
    </span>
  );
}
