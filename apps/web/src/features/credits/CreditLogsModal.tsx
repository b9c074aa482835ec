import {
  CANNOT_GET_BUYING_HISTORY,
  CANNOT_GET_SPENT_HISTORY,
  CREDIT_BUYING_HISTORY,
  CREDIT_SPENDING_HISTORY,
  type CreditPurchaseRecord,
  type CreditUsageRecord,
  NO_RECORDS_FOUND,
  RUN_OUT_OF_CREDITS,
  SEARCHING,
} from "@precedent/contracts";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import {
  Alert,
  Button,
  DatePicker,
  Grid,
  List,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from "antd";
import type { SorterResult } from "antd/es/table/interface";
import type { Dayjs } from "dayjs";
import { type ReactNode, useState } from "react";
import { type CreditLogFilters, orderCapQuery, usedCapQuery } from "../../api/credits";
import { CREDIT_LOG_TABLE_HEIGHT, DATE_FORMAT } from "../../constants";
import { formatDay, formatInstant, sydneyToday } from "../../dates";
import "./credits.css";

const REQUEST_DATE_FORMAT = "YYYY-MM-DD";
const TIME_FORMAT = `hh:mm a - ${DATE_FORMAT}`;
const aud = (cents: number) =>
  (cents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type SortKey = NonNullable<CreditLogFilters["sort_by"]>;
type Period = { from: Dayjs | null; to: Dayjs | null };

/** Australian financial years start on 1 July. */
const financialYearStart = (day: Dayjs) =>
  day.month() >= 6 ? day.month(6).startOf("month") : day.subtract(1, "year").month(6).startOf("month");

const PERIODS: { key: string; label: string; range: () => [Dayjs, Dayjs] }[] = [
  { key: "7d", label: "Last 7 days", range: () => [sydneyToday().subtract(6, "day"), sydneyToday()] },
  { key: "30d", label: "Last 30 days", range: () => [sydneyToday().subtract(29, "day"), sydneyToday()] },
  { key: "month", label: "This month", range: () => [sydneyToday().startOf("month"), sydneyToday()] },
  {
    key: "last-month",
    label: "Last month",
    range: () => [
      sydneyToday().subtract(1, "month").startOf("month"),
      sydneyToday().subtract(1, "month").endOf("month"),
    ],
  },
  {
    key: "fy",
    label: "This financial year",
    range: () => [financialYearStart(sydneyToday()), sydneyToday()],
  },
  {
    key: "last-fy",
    label: "Last financial year",
    range: () => {
      const start = financialYearStart(sydneyToday()).subtract(1, "year");
      return [start, start.add(1, "year").subtract(1, "day")];
    },
  },
];

/** From/To, a period picker and Reset: the filters of both tabs (account-area §2). */
function LogFilters({
  label,
  period,
  onChange,
}: {
  label: string;
  period: Period;
  onChange: (next: Period) => void;
}) {
  return (
    <div className="credit-logs__filters">
      <DatePicker
        aria-label={`${label} from`}
        placeholder="From"
        format={DATE_FORMAT}
        value={period.from}
        disabledDate={(day) => (period.to ? day.isAfter(period.to, "day") : false)}
        onChange={(from) => onChange({ ...period, from })}
      />
      <DatePicker
        aria-label={`${label} to`}
        placeholder="To"
        format={DATE_FORMAT}
        value={period.to}
        disabledDate={(day) => (period.from ? day.isBefore(period.from, "day") : false)}
        onChange={(to) => onChange({ ...period, to })}
      />
      <Select
        aria-label={`${label} period`}
        placeholder="Period"
        value={null}
        className="credit-logs__period"
        options={PERIODS.map((p) => ({ value: p.key, label: p.label }))}
        onChange={(key: string) => {
          const chosen = PERIODS.find((p) => p.key === key);
          if (!chosen) return;
          const [from, to] = chosen.range();
          onChange({ from, to });
        }}
      />
      <Button onClick={() => onChange({ from: null, to: null })} disabled={!period.from && !period.to}>
        Reset
      </Button>
    </div>
  );
}

function useLogState() {
  const [period, setPeriod] = useState<Period>({ from: null, to: null });
  const [sort, setSort] = useState<{ by: SortKey; order: "asc" | "desc" } | null>(null);
  const filters: CreditLogFilters = {
    from: period.from?.format(REQUEST_DATE_FORMAT),
    to: period.to?.format(REQUEST_DATE_FORMAT),
    sort_by: sort?.by,
    sort: sort?.order,
  };
  const sortOrderOf = (key: SortKey) =>
    sort?.by === key ? (sort.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  const onSort = <T,>(sorter: SorterResult<T> | SorterResult<T>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey as SortKey | undefined;
    setSort(key && one?.order ? { by: key, order: one.order === "ascend" ? "asc" : "desc" } : null);
  };
  return { period, setPeriod, filters, sortOrderOf, onSort };
}

/** A log table on wide screens and a plain list on a phone, with the spec's empty texts. */
function LogView<T extends { id: number }>({
  query,
  failure,
  columns,
  onSort,
  renderItem,
  caption,
}: {
  query: UseQueryResult<T[]>;
  failure: string;
  columns: TableColumnsType<T>;
  onSort: (sorter: SorterResult<T> | SorterResult<T>[]) => void;
  renderItem: (row: T) => ReactNode;
  caption: string;
}) {
  const phone = !(Grid.useBreakpoint().sm ?? true);
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={failure}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const empty = query.isFetching && !query.data ? SEARCHING : NO_RECORDS_FOUND;
  if (phone) {
    return (
      <List
        aria-label={caption}
        className="credit-logs__list"
        loading={query.isFetching}
        dataSource={query.data ?? []}
        locale={{ emptyText: empty }}
        renderItem={(row) => <List.Item key={row.id}>{renderItem(row)}</List.Item>}
      />
    );
  }
  return (
    <Table<T>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data ?? []}
      loading={query.isFetching}
      pagination={false}
      scroll={{ y: CREDIT_LOG_TABLE_HEIGHT }}
      locale={{ emptyText: query.isFetching ? SEARCHING : NO_RECORDS_FOUND }}
      onChange={(_pagination, _filters, sorter) => onSort(sorter)}
      showSorterTooltip={false}
      aria-label={caption}
    />
  );
}

function SpendingHistory({ teamId, runOut }: { teamId: number; runOut: boolean }) {
  const state = useLogState();
  const query = useQuery(usedCapQuery(teamId, state.filters));
  const columns: TableColumnsType<CreditUsageRecord> = [
    {
      key: "created_at",
      title: "Date",
      dataIndex: "created_at",
      sorter: true,
      sortOrder: state.sortOrderOf("created_at"),
      render: (value: string) => formatInstant(value, TIME_FORMAT),
    },
    {
      key: "user_name",
      title: "User",
      dataIndex: "user_name",
      sorter: true,
      sortOrder: state.sortOrderOf("user_name"),
    },
    { key: "used", title: "Credits used", dataIndex: "used", width: 120 },
    { key: "doc_id", title: "Document IDs", dataIndex: "doc_id" },
  ];
  return (
    <>
      {runOut && <Alert type="warning" showIcon title={RUN_OUT_OF_CREDITS} className="credit-logs__alert" />}
      <LogFilters label="Spending" period={state.period} onChange={state.setPeriod} />
      <LogView
        query={query}
        failure={CANNOT_GET_SPENT_HISTORY}
        columns={columns}
        onSort={state.onSort}
        caption={CREDIT_SPENDING_HISTORY}
        renderItem={(row) => (
          <div className="credit-logs__item">
            <Typography.Text strong>{row.user_name}</Typography.Text>
            <Typography.Text type="secondary">{formatInstant(row.created_at, TIME_FORMAT)}</Typography.Text>
            <Typography.Text>
              {row.used} credit{row.used === 1 ? "" : "s"} · Document {row.doc_id}
            </Typography.Text>
          </div>
        )}
      />
    </>
  );
}

function BuyingHistory({ teamId }: { teamId: number }) {
  const state = useLogState();
  const query = useQuery(orderCapQuery(teamId, state.filters));
  const columns: TableColumnsType<CreditPurchaseRecord> = [
    {
      key: "date",
      title: "Date",
      dataIndex: "date",
      sorter: true,
      sortOrder: state.sortOrderOf("date"),
      render: (value: string) => formatDay(value),
    },
    {
      key: "user_name",
      title: "User",
      dataIndex: "user",
      sorter: true,
      sortOrder: state.sortOrderOf("user_name"),
    },
    {
      key: "package",
      title: "Package",
      dataIndex: "package",
      sorter: true,
      sortOrder: state.sortOrderOf("package"),
    },
    { key: "amount", title: "Amount (AUD)", dataIndex: "amount", align: "right", render: aud },
    { key: "cap_qty", title: "Credits", dataIndex: "cap_qty", align: "right", width: 90 },
    { key: "total", title: "Total (AUD)", dataIndex: "total", align: "right", render: aud },
  ];
  return (
    <>
      <LogFilters label="Buying" period={state.period} onChange={state.setPeriod} />
      <LogView
        query={query}
        failure={CANNOT_GET_BUYING_HISTORY}
        columns={columns}
        onSort={state.onSort}
        caption={CREDIT_BUYING_HISTORY}
        renderItem={(row) => (
          <div className="credit-logs__item">
            <Typography.Text strong>{row.package}</Typography.Text>
            <Typography.Text type="secondary">
              {formatDay(row.date)} · {row.user}
            </Typography.Text>
            <Typography.Text>
              {row.cap_qty} credits · ${aud(row.total)} AUD
            </Typography.Text>
          </div>
        )}
      />
    </>
  );
}

const TABS = ["spending", "buying"] as const;
type TabKey = (typeof TABS)[number];

/** The Credit Logs modal (account-area §2): spending and buying tabs; back to the first on close. */
export function CreditLogsModal({
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
  const [tab, setTab] = useState<TabKey>("spending");
  const close = () => {
    setTab("spending");
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Credit Logs"
      onCancel={close}
      footer={<Button onClick={close}>Close</Button>}
      width={900}
      destroyOnHidden
    >
      <Tabs
        className="credit-logs__tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: "spending",
            label: CREDIT_SPENDING_HISTORY,
            children: <SpendingHistory teamId={teamId} runOut={remaining === 0} />,
          },
          { key: "buying", label: CREDIT_BUYING_HISTORY, children: <BuyingHistory teamId={teamId} /> },
        ]}
      />
    </Modal>
  );
}
