import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Button, Card, DatePicker, Empty, Result, Segmented, Select, Skeleton, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { companyUsersQuery } from "../../api/documents";
import {
  type ActivityLogFilters,
  activityLogQuery,
  type DocumentLogFilter,
  NO_ACTIVITY_FILTERS,
} from "../../api/logs";
import { InfiniteScrollList } from "../../components/InfiniteScrollList";
import { LoadError } from "../../components/LoadError";
import { OutcomeTag } from "../../components/OutcomeTag";
import { CHANGE_LOG_TIME_FORMAT, DATE_FORMAT } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { formatInstant } from "../../dates";
import { AssistantUsageSummary } from "./AssistantUsageSummary";

const REQUEST_DATE_FORMAT = "YYYY-MM-DD";
const PICKER_FORMATS = [DATE_FORMAT, "DD/MM/YYYY", REQUEST_DATE_FORMAT];

function ActivityLog({ teamId, firmWide }: { teamId: number; firmWide: boolean }) {
  const [filters, setFilters] = useState<ActivityLogFilters>(NO_ACTIVITY_FILTERS);
  const [period, setPeriod] = useState<[Dayjs, Dayjs] | null>(null);
  const users = useQuery({ ...companyUsersQuery(teamId), enabled: firmWide });
  const log = useInfiniteQuery(activityLogQuery(teamId, filters));
  const entries = log.data?.pages.flatMap((page) => page.rows) ?? [];
  const scope = log.data?.pages[0]?.scope;
  const filter = (next: Partial<ActivityLogFilters>) => setFilters((current) => ({ ...current, ...next }));

  let body: React.ReactNode;
  if (log.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (log.isError)
    body = (
      <LoadError
        title="Cannot get the activity log"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (entries.length === 0) body = <Empty description="No records found" />;
  else
    body = (
      <ul className="activity-log" aria-label="Activity">
        {entries.map((entry) => (
          <li key={entry.id} className="activity-log__row">
            <Typography.Text className="activity-log__time">
              {formatInstant(entry.time, CHANGE_LOG_TIME_FORMAT)}
            </Typography.Text>
            <span>
              <Tag>{entry.type}</Tag>
              <OutcomeTag passed={!entry.isError} />
            </span>
            <Typography.Text strong className="activity-log__user" title={entry.user_email}>
              {entry.display_name}
              <Typography.Text type="secondary" className="activity-log__email">
                {" "}
                {entry.user_email}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text className="activity-log__message">
              {entry.message}
              {entry.doc_id !== null && (
                <Typography.Text type="secondary"> (Doc ID {entry.doc_id})</Typography.Text>
              )}
            </Typography.Text>
          </li>
        ))}
        {log.isFetchingNextPage && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      </ul>
    );

  return (
    <>
      <Typography.Paragraph type="secondary">
        {scope === "own" || !firmWide
          ? "Your own activity: the documents you assembled and downloaded."
          : "Everyone's activity in your firm: the documents assembled and downloaded."}
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
            filter({ dateFrom: from?.format(REQUEST_DATE_FORMAT), dateTo: to?.format(REQUEST_DATE_FORMAT) });
          }}
        />
        {firmWide && (
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
        )}
        <Segmented<DocumentLogFilter>
          aria-label="Show"
          value={filters.outcome}
          onChange={(outcome) => filter({ outcome })}
          options={[
            { value: "all", label: "Total" },
            { value: "passed", label: "Passed" },
            { value: "failed", label: "Failed" },
          ]}
        />
        <Button
          onClick={() => {
            setPeriod(null);
            setFilters(NO_ACTIVITY_FILTERS);
          }}
        >
          Reset
        </Button>
      </div>
      <AssistantUsageSummary teamId={teamId} dateFrom={filters.dateFrom} dateTo={filters.dateTo} />
      <InfiniteScrollList
        pages={log}
        loaded={entries.length}
        className="activity-log__scroller"
        testId="activity-log"
        label="Activity log entries"
      >
        {body}
      </InfiniteScrollList>
    </>
  );
}

/**
 * /my-account/activity-log: what was done to the firm's documents, newest first, 15 at a time by
 * scrolling. Owners and managers see the firm's activity, members their own (the server decides).
 */
export function ActivityLogPage() {
  const { team } = useCurrentTeam();
  return (
    <>
      <title>Activity Log · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          Activity Log
        </Typography.Title>
        {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
      </header>
      {team ? (
        <Card className="page-card">
          <ActivityLog teamId={team.id} firmWide={team.abilities.read_firm_activity} />
        </Card>
      ) : (
        <Result status="info" title="You are not a member of a firm" />
      )}
    </>
  );
}
