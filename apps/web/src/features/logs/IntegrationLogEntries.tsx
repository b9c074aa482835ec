import { ArrowLeftOutlined } from "@ant-design/icons";
import {
  CAS360_CERTIFICATE_UPLOAD_FAILED,
  type DocumentLogEntry,
  type DocumentLogTotals,
  isFailedCertificateUpload,
} from "@precedent/contracts";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Empty, Segmented, Skeleton, Typography } from "antd";
import type { DocumentLogFilter } from "../../api/logs";
import { LoadError } from "../../components/LoadError";
import { OutcomeTag } from "../../components/OutcomeTag";
import { CHANGE_LOG_TIME_FORMAT } from "../../constants";
import { formatInstant } from "../../dates";
import { LogFields } from "./LogFields";

/**
 * The integration log as both the Document Logs modal and the integrations page show it
 * (spec §2): the filters Total, Total Data Passed and Total Data Failed with their counts, the
 * entries newest first with 'Load more', and one entry's detail.
 */

const logTime = (iso: string) => formatInstant(iso, CHANGE_LOG_TIME_FORMAT);

type LogPage = { rows: DocumentLogEntry[]; totals: DocumentLogTotals };
export type IntegrationLogQueryResult = UseInfiniteQueryResult<InfiniteData<LogPage>>;

/** Log detail: Action, Status, Request and Response (and CAS 360's note on a failed certificate upload). */
export function IntegrationLogDetail({ entry, onBack }: { entry: DocumentLogEntry; onBack: () => void }) {
  return (
    <>
      <div className="change-log__nav">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back
        </Button>
      </div>
      {isFailedCertificateUpload(entry) && (
        <Alert
          type="warning"
          showIcon
          className="document-log__note"
          message={CAS360_CERTIFICATE_UPLOAD_FAILED}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: "time", label: "Time", children: logTime(entry.created_at) },
          ...(entry.doc_id === null
            ? []
            : [{ key: "doc", label: "Document", children: entry.doc_name ?? `Doc ID ${entry.doc_id}` }]),
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
            children: <LogFields value={entry.request} label="Request" />,
          },
          {
            key: "response",
            label: "Response",
            children: <LogFields value={entry.response} label="Response" />,
          },
        ]}
      />
    </>
  );
}

/** The filters and the entries, 15 at a time with 'Load more'. */
export function IntegrationLogEntries({
  log,
  filter,
  onFilterChange,
  onView,
  listLabel,
  errorTitle,
  showDocument = false,
}: {
  log: IntegrationLogQueryResult;
  filter: DocumentLogFilter;
  onFilterChange: (filter: DocumentLogFilter) => void;
  onView: (entry: DocumentLogEntry) => void;
  /** The list's accessible name. */
  listLabel: string;
  errorTitle: string;
  /** Across documents, each entry names its document. */
  showDocument?: boolean;
}) {
  const entries = log.data?.pages.flatMap((page) => page.rows) ?? [];
  const totals = log.data?.pages[0]?.totals;
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);

  let body: React.ReactNode;
  if (log.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (log.isError)
    body = (
      <LoadError
        title={errorTitle}
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (entries.length === 0) body = <Empty description="No records found" />;
  else
    body = (
      <>
        <ul className="change-log" aria-label={listLabel}>
          {entries.map((entry) => (
            <li key={entry.id} className="change-log__row document-log__row">
              <Typography.Text className="change-log__time">{logTime(entry.created_at)}</Typography.Text>
              <Typography.Text strong>{entry.action}</Typography.Text>
              {showDocument && entry.doc_id !== null && (
                <Typography.Text className="document-log__doc">
                  {entry.doc_name ?? `Doc ID ${entry.doc_id}`}
                </Typography.Text>
              )}
              <OutcomeTag passed={entry.is_success} />
              <Typography.Text className="change-log__user">
                {entry.created_user.display_name}
              </Typography.Text>
              <Button
                type="link"
                size="small"
                aria-label={`View Detail of ${entry.action}, ${logTime(entry.created_at)}`}
                onClick={() => onView(entry)}
              >
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
    <>
      <Segmented<DocumentLogFilter>
        aria-label="Show"
        className="document-log__filter"
        value={filter}
        onChange={onFilterChange}
        options={[
          { value: "all", label: `Total${count(totals?.total)}` },
          { value: "passed", label: `Total Data Passed${count(totals?.total_passed)}` },
          { value: "failed", label: `Total Data Failed${count(totals?.total_failed)}` },
        ]}
      />
      <div className="document-log__list">{body}</div>
    </>
  );
}
