import { ArrowLeftOutlined } from "@ant-design/icons";
import type { DocumentLogEntry } from "@precedent/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, Descriptions, Empty, Modal, Segmented, Skeleton, Typography } from "antd";
import { useState } from "react";
import { type DocumentLogFilter, documentLogQuery } from "../../../api/logs";
import { LoadError } from "../../../components/LoadError";
import { OutcomeTag } from "../../../components/OutcomeTag";
import { CHANGE_LOG_TIME_FORMAT } from "../../../constants";
import { formatLogTime } from "../../../dates";

const logTime = (iso: string) => formatLogTime(iso, CHANGE_LOG_TIME_FORMAT);

const asJson = (value: unknown) => JSON.stringify(value, null, 2);

/** Log detail (account-area §2): Action, Status, Request and Response. */
function EntryDetail({ entry }: { entry: DocumentLogEntry }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: "time", label: "Time", children: logTime(entry.created_at) },
        {
          key: "user",
          label: "By",
          children: `${entry.created_user.display_name} (${entry.created_user.user_email})`,
        },
        { key: "action", label: "Action", children: entry.action },
        {
          key: "status",
          label: "Status",
          children: (
            <>
              <OutcomeTag passed={entry.is_success} /> {entry.response.status}
              {entry.response_message && <div>{entry.response_message}</div>}
            </>
          ),
        },
        {
          key: "request",
          label: "Request",
          children: <pre className="document-log__json">{asJson(entry.request)}</pre>,
        },
        {
          key: "response",
          label: "Response",
          children: <pre className="document-log__json">{asJson(entry.response)}</pre>,
        },
      ]}
    />
  );
}

/**
 * 'Document Logs' of one document (account-area §2): what was done to it and sent for it, newest
 * first, 15 at a time with 'Load more'; the filters Total, Total Data Passed and Total Data
 * Failed, each with its count; and each entry's detail.
 */
export function DocumentLogsDialog({
  teamId,
  docId,
  docName,
  onClose,
}: {
  teamId: number;
  docId: number;
  docName: string;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState<DocumentLogFilter>("all");
  const [detail, setDetail] = useState<DocumentLogEntry | undefined>(undefined);
  const log = useInfiniteQuery(documentLogQuery(teamId, docId, filter));
  const entries = log.data?.pages.flatMap((page) => page.rows) ?? [];
  const totals = log.data?.pages[0]?.totals;

  if (detail) {
    return (
      <Modal open title="Document Logs" footer={null} onCancel={onClose} destroyOnHidden>
        <div className="change-log__nav">
          <Button icon={<ArrowLeftOutlined />} onClick={() => setDetail(undefined)}>
            Back
          </Button>
        </div>
        <EntryDetail entry={detail} />
      </Modal>
    );
  }

  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);
  let body: React.ReactNode;
  if (log.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (log.isError)
    body = (
      <LoadError
        title="Cannot get the document logs"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (entries.length === 0) body = <Empty description="No records found" />;
  else
    body = (
      <>
        <ul className="change-log" aria-label="Document log entries">
          {entries.map((entry) => (
            <li key={entry.id} className="change-log__row document-log__row">
              <Typography.Text className="change-log__time">{logTime(entry.created_at)}</Typography.Text>
              <Typography.Text strong>{entry.action}</Typography.Text>
              <OutcomeTag passed={entry.is_success} />
              <Typography.Text className="change-log__user">
                {entry.created_user.display_name}
              </Typography.Text>
              <Button type="link" size="small" onClick={() => setDetail(entry)}>
                View Detail
              </Button>
            </li>
          ))}
        </ul>
        {log.hasNextPage && (
          <div className="document-log__more">
            <Button loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </>
    );

  return (
    <Modal open title="Document Logs" footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Doc ID {docId} - {docName}
      </Typography.Paragraph>
      <Segmented<DocumentLogFilter>
        aria-label="Show"
        className="document-log__filter"
        value={filter}
        onChange={setFilter}
        options={[
          { value: "all", label: `Total${count(totals?.total)}` },
          { value: "passed", label: `Total Data Passed${count(totals?.total_passed)}` },
          { value: "failed", label: `Total Data Failed${count(totals?.total_failed)}` },
        ]}
      />
      <div className="document-log__list">{body}</div>
    </Modal>
  );
}
