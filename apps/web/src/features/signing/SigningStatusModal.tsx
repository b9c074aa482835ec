import {
  CANCEL_REASON_REQUIRED,
  type DocumentRow,
  OVERDUE,
  SEND_REMINDER,
  SIGNING_HISTORY_PAGE_SIZE,
} from "@precedent/contracts";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Input,
  Modal,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { documentsKey } from "../../api/documents";
import {
  bundleQuery,
  cancelSigning,
  historyPage,
  resendSigning,
  sendReminder,
  signedDownloadUrl,
} from "../../api/signing";
import { formatInstant } from "../../dates";

// In the firm's time, as the server and every other screen show it, whatever the browser's zone.
const when = (iso: string | null) => (iso ? formatInstant(iso, "h:mm a - DD MMM YYYY") : "—");

/**
 * The send reminder / document status modal (interview-signing spec §2): General Info and Document
 * History (Time/Action, loaded by scroll); 'Send reminder' only while the document is pending.
 */
export function SigningStatusModal({
  teamId,
  document,
  onClose,
}: {
  teamId: number;
  document: DocumentRow;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const bundle = useQuery(bundleQuery(teamId, document.id));
  const history = useInfiniteQuery({
    queryKey: ["signing", teamId, document.id, "history"],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      historyPage(teamId, document.id, pageParam, SIGNING_HISTORY_PAGE_SIZE, signal),
    getNextPageParam: (last) => (last.page < last.total_page ? last.page + 1 : undefined),
  });
  const [notes, setNotes] = useState("");
  const [reminding, setReminding] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);

  /** A lifecycle action: the button stays disabled until the server answers, then everything reloads. */
  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await run();
      void message.success(done);
      setCancelling(false);
      await queryClient.invalidateQueries({ queryKey: ["signing", teamId, document.id] });
      await queryClient.invalidateQueries({ queryKey: documentsKey(teamId) });
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : failed);
    } finally {
      setBusy(false);
    }
  };

  const remind = async () => {
    setReminding(true);
    try {
      const { reminded } = await sendReminder(teamId, document.id, notes);
      void message.success(`Reminder sent to ${reminded} ${reminded === 1 ? "signer" : "signers"}.`);
      setNotes("");
      await queryClient.invalidateQueries({ queryKey: ["signing", teamId, document.id] });
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : "The reminder could not be sent.");
    } finally {
      setReminding(false);
    }
  };

  const data = bundle.data;
  const rows = history.data?.pages.flatMap((page) => page.rows) ?? [];
  const general = data ? (
    <>
      {data.bundle_status === "rejected" && (
        <Alert type="error" showIcon message="A recipient declined to sign this document." />
      )}
      {data.bundle_status === "cancelled" && (
        <Alert
          type="warning"
          showIcon
          message="This signing request was cancelled."
          description={data.cancel_reason ? `Reason: ${data.cancel_reason}` : undefined}
        />
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Last reminder">{when(data.LastReminderSent)}</Descriptions.Item>
        <Descriptions.Item label="Sent on">{when(data.DateSent)}</Descriptions.Item>
        <Descriptions.Item label="Due date">
          {dayjs(data.DueDate).format("DD/MM/YYYY")} {data.is_overdue && <Tag color="red">{OVERDUE}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Signed">
          {data.total_signed}/{data.total_signer}
        </Descriptions.Item>
      </Descriptions>
      {data.groups.map((group) => (
        <section
          key={group.SigningGroup}
          className="signing-status__group"
          aria-label={group.SigningGroupName}
        >
          {data.is_group && <Typography.Title level={5}>{group.SigningGroupName}</Typography.Title>}
          <ul className="signing-status__items">
            {group.items.map((item) => (
              <li key={`${item.Email}-${item.Name}-${item.Role}`}>
                <span>
                  <strong>{item.Name}</strong> {item.Role === "witness" ? "(witness)" : ""} {item.Email}
                </span>
                <Tag
                  color={
                    item.CustomerBundleStatusName === "Signed"
                      ? "green"
                      : item.CustomerBundleStatusName === "Rejected"
                        ? "red"
                        : undefined
                  }
                  className={item.waiting ? "signing-status__waiting" : undefined}
                >
                  {item.CustomerBundleStatusName}
                </Tag>
                {item.Note && <Typography.Text type="secondary">{item.Note}</Typography.Text>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {data.bundle_status === "completed" && data.doc_status === 3 && (
        <Space wrap className="signing-status__downloads">
          <Button type="primary" href={signedDownloadUrl(teamId, document.id, "signed")}>
            Download signed PDF
          </Button>
          <Button href={signedDownloadUrl(teamId, document.id, "certificate")}>Download certificate</Button>
        </Space>
      )}
      {data.can_remind && document.status === 4 && (
        <Space.Compact className="signing-status__remind">
          <Input
            aria-label="Reminder notes"
            placeholder="Notes for the reminder (optional)"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          <Button type="primary" loading={reminding} disabled={reminding} onClick={() => void remind()}>
            {SEND_REMINDER}
          </Button>
        </Space.Compact>
      )}
      {(data.can_cancel || data.can_resend) && (
        <Space wrap className="signing-status__lifecycle">
          {data.can_cancel && (
            <Button danger onClick={() => setCancelling(true)}>
              Cancel signing request
            </Button>
          )}
          {data.can_resend && (
            <Button
              type="primary"
              loading={busy}
              disabled={busy}
              onClick={() =>
                void act(
                  () => resendSigning(teamId, document.id),
                  "Signing request resent with new links.",
                  "The signing request could not be resent.",
                )
              }
            >
              Resend signing request
            </Button>
          )}
        </Space>
      )}
    </>
  ) : bundle.isError ? (
    <Alert type="error" showIcon message={bundle.error.message} />
  ) : (
    <Typography.Paragraph>Loading…</Typography.Paragraph>
  );

  const historyTab = (
    <div
      className="signing-history"
      onScroll={(event) => {
        const el = event.currentTarget;
        if (
          el.scrollHeight - el.scrollTop - el.clientHeight < 15 &&
          history.hasNextPage &&
          !history.isFetchingNextPage
        ) {
          void history.fetchNextPage();
        }
      }}
    >
      {rows.length === 0 && !history.isPending ? (
        <Empty description="No history yet" />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey={(row) => `${row.created_at}-${row.action_des}`}
          dataSource={rows}
          loading={history.isPending || history.isFetchingNextPage}
          columns={[
            { title: "Time", dataIndex: "created_at", render: (value: string) => when(value), width: 190 },
            { title: "Action", dataIndex: "action_des" },
          ]}
        />
      )}
    </div>
  );

  return (
    <Modal
      open
      title={
        <span>
          {document.name} <Tag>{data?.doc_status_name ?? document.status_name}</Tag>
        </span>
      }
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ]}
      width={720}
    >
      <CancelSigningDialog
        open={cancelling}
        busy={busy}
        onClose={() => setCancelling(false)}
        onConfirm={(reason) =>
          void act(
            () => cancelSigning(teamId, document.id, reason),
            "Signing request cancelled. Its links no longer work.",
            "The signing request could not be cancelled.",
          )
        }
      />
      <Tabs
        items={[
          { key: "general", label: "General Info", children: general },
          { key: "history", label: "Document History", children: historyTab },
        ]}
      />
    </Modal>
  );
}

/** Asks why before cancelling: the reason is shown on every signer's page. */
function CancelSigningDialog({
  open,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const blank = reason.trim() === "";
  return (
    <Modal
      open={open}
      title="Cancel signing request"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="keep" onClick={onClose}>
          Keep it
        </Button>,
        <Button
          key="cancel"
          danger
          type="primary"
          loading={busy}
          disabled={blank || busy}
          onClick={() => onConfirm(reason.trim())}
        >
          Cancel signing request
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Every signing link stops working, and each signer sees that it was cancelled and why. You can resend
        it afterwards.
      </Typography.Paragraph>
      <label htmlFor="cancel-signing-reason">Reason for cancelling</label>
      <Input.TextArea
        id="cancel-signing-reason"
        autoFocus
        rows={3}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {blank && <Typography.Text type="secondary">{CANCEL_REASON_REQUIRED}</Typography.Text>}
    </Modal>
  );
}
