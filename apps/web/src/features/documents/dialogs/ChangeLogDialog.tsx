import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import {
  type AnswerChange,
  CHANGE_LOG_TAGS,
  type ChangeLogEntry,
  type ChangeLogTag,
  type LogValue,
} from "@precedent/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Button, DatePicker, Descriptions, Empty, Modal, Select, Skeleton, Space, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import {
  type ChangeLogFilters,
  changeLogQuery,
  companyUsersQuery,
  NO_CHANGE_LOG_FILTERS,
} from "../../../api/documents";
import { InfiniteScrollList } from "../../../components/InfiniteScrollList";
import { LoadError } from "../../../components/LoadError";
import { CHANGE_LOG_TIME_FORMAT, DATE_FORMAT } from "../../../constants";
import { formatLogTime } from "../../../dates";

const TAG_LABELS: Record<ChangeLogTag, string> = {
  created: "Created",
  name: "Name",
  folder: "Folder",
  shared_folders: "Shared folders",
  status: "Status",
  copied: "Copied from",
  deleted: "Deleted",
  answers: "Interview answers",
  version: "Version",
  template_version: "Template version",
};

/**
 * Change-log times at UTC+10, as the spec fixes them (account-area §2, §9), the same offset the
 * server's day filter uses, so an entry shows on the day the period picker finds it.
 */
export const changeLogTime = (iso: string) => formatLogTime(iso, CHANGE_LOG_TIME_FORMAT);

/** Requests carry days as YYYY-MM-DD (account-area §9); the server reads them as days at UTC+10. */
const REQUEST_DATE_FORMAT = "YYYY-MM-DD";
/** Shown as 'DD MMM YYYY'; typed dates are also read as DD/MM/YYYY or YYYY-MM-DD. */
const PICKER_FORMATS = [DATE_FORMAT, "DD/MM/YYYY", REQUEST_DATE_FORMAT];

const show = (value: LogValue | undefined, empty: string) => {
  if (value === null || value === undefined) return empty;
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "None";
  return String(value);
};

/** One answer as logged: long ones cut to three lines, with More to read the whole. */
function AnswerValue({ value }: { value: string | null }) {
  if (value === null) return <Typography.Text type="secondary">Not answered</Typography.Text>;
  return (
    <Typography.Paragraph
      className="answer-changes__value"
      ellipsis={{ rows: 3, expandable: "collapsible", symbol: (open) => (open ? "Less" : "More") }}
    >
      {value}
    </Typography.Paragraph>
  );
}

/** The answers an interview save, reset or assembly changed: question, before and after. */
function AnswerChanges({ changes }: { changes: AnswerChange[] }) {
  return (
    <ul className="answer-changes" aria-label="Answers changed">
      {changes.map((change) => (
        <li key={change.path} className="answer-changes__item">
          <Typography.Text strong>{change.question}</Typography.Text>
          <div>
            <Typography.Text type="secondary">Before: </Typography.Text>
            <AnswerValue value={change.from} />
          </div>
          <div>
            <Typography.Text type="secondary">After: </Typography.Text>
            <AnswerValue value={change.to} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const changeSummary = (tag: ChangeLogTag, from: LogValue | undefined, to: LogValue | undefined) => {
  if (tag === "version")
    return from === null || from === undefined ? `Version ${to}` : `Version ${from} → ${to}`;
  if (tag === "template_version") return `Template version ${show(from, "—")} → ${show(to, "—")}`;
  if (tag === "answers" && (from === null || from === undefined)) return show(to, "—");
  return `${show(from, "—")} → ${show(to, tag === "folder" ? "Top level" : "—")}`;
};

/** What one entry changed, tag by tag, from → to. */
function EntryDetail({ entry }: { entry: ChangeLogEntry }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: "time", label: "Time", children: changeLogTime(entry.created_at) },
        { key: "user", label: "Updated by", children: entry.users.display_name },
        ...entry.tags.map((tag) => {
          const change = entry.log_data[tag];
          const answers = change?.answers ?? [];
          return {
            key: tag,
            label: TAG_LABELS[tag],
            children: (
              <>
                {changeSummary(tag, change?.from, change?.to)}
                {answers.length > 0 && <AnswerChanges changes={answers} />}
              </>
            ),
          };
        }),
      ]}
    />
  );
}

/**
 * 'Data Change Logs Record' of one document (account-area §2): filters by period, 'Updated by'
 * and kind of change; a list of time / user / 'View Detail', newest first, 15 a page loaded by
 * scrolling; and a detail view with back and previous/next through the entries.
 */
export function ChangeLogDialog({
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
  const [filters, setFilters] = useState<ChangeLogFilters>(NO_CHANGE_LOG_FILTERS);
  const [period, setPeriod] = useState<[Dayjs, Dayjs] | null>(null);
  /** The entry open in the detail view, by its place in the loaded list. */
  const [detail, setDetail] = useState<number | undefined>(undefined);
  const users = useQuery(companyUsersQuery(teamId));
  const log = useInfiniteQuery(changeLogQuery(teamId, docId, filters));
  const entries = log.data?.pages.flatMap((page) => page.rows) ?? [];

  const filter = (next: Partial<ChangeLogFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setDetail(undefined);
  };
  const reset = () => {
    setPeriod(null);
    setFilters(NO_CHANGE_LOG_FILTERS);
    setDetail(undefined);
  };

  const open = detail === undefined ? undefined : entries[detail];
  if (open && detail !== undefined) {
    const isLast = detail === entries.length - 1;
    const next = async () => {
      // The last loaded entry: the next one is on the next page.
      if (isLast) {
        const result = await log.fetchNextPage();
        if (result.isError) return;
      }
      setDetail(detail + 1);
    };
    return (
      <Modal open title="Data Change Logs Record" footer={null} onCancel={onClose} destroyOnHidden>
        <div className="change-log__nav">
          <Button icon={<ArrowLeftOutlined />} onClick={() => setDetail(undefined)}>
            Back
          </Button>
          <Space>
            <Button
              icon={<LeftOutlined />}
              aria-label="Previous entry"
              disabled={detail === 0}
              onClick={() => setDetail(detail - 1)}
            />
            <Typography.Text type="secondary">
              {detail + 1} of {log.data?.pages[0]?.total_record ?? entries.length}
            </Typography.Text>
            <Button
              icon={<RightOutlined />}
              aria-label="Next entry"
              disabled={isLast && !log.hasNextPage}
              loading={log.isFetchingNextPage}
              onClick={() => void next()}
            />
          </Space>
        </div>
        <EntryDetail entry={open} />
      </Modal>
    );
  }

  let body: React.ReactNode;
  if (log.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (log.isError)
    body = (
      <LoadError
        title="Cannot get the change log"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (entries.length === 0) body = <Empty description="No records found" />;
  else
    body = (
      <ul className="change-log" aria-label="Changes">
        {entries.map((entry, index) => (
          <li key={entry.id} className="change-log__row">
            <Typography.Text className="change-log__time">{changeLogTime(entry.created_at)}</Typography.Text>
            <Typography.Text strong className="change-log__user">
              {entry.users.display_name}
            </Typography.Text>
            <Button type="link" size="small" onClick={() => setDetail(index)}>
              View Detail
            </Button>
          </li>
        ))}
        {log.isFetchingNextPage && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      </ul>
    );

  return (
    <Modal open title="Data Change Logs Record" footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Doc ID {docId} - {docName}
      </Typography.Paragraph>
      <div className="change-log__filters">
        <DatePicker.RangePicker
          aria-label="Period"
          placeholder={["From", "To"]}
          format={PICKER_FORMATS}
          value={period}
          onChange={(range) => {
            const [from, to] = range ?? [];
            setPeriod(from && to ? [from, to] : null);
            filter({
              dateFrom: from?.format(REQUEST_DATE_FORMAT),
              dateTo: to?.format(REQUEST_DATE_FORMAT),
            });
          }}
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="Updated by"
          aria-label="Updated by"
          loading={users.isPending}
          optionFilterProp="label"
          value={filters.userIds}
          onChange={(userIds: number[]) => filter({ userIds })}
          options={(users.data ?? []).map((user) => ({ value: user.ID, label: user.display_name }))}
        />
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="Changes"
          aria-label="Changes"
          optionFilterProp="label"
          value={filters.tags}
          onChange={(tags: ChangeLogTag[]) => filter({ tags })}
          options={CHANGE_LOG_TAGS.map((tag) => ({ value: tag, label: TAG_LABELS[tag] }))}
        />
        <Button onClick={reset}>Reset</Button>
      </div>
      <InfiniteScrollList
        pages={log}
        loaded={entries.length}
        className="change-log__scroller"
        testId="change-log"
      >
        {body}
      </InfiniteScrollList>
    </Modal>
  );
}
