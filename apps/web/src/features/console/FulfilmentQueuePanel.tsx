import {
  type ConsoleSession,
  type FulfilmentQueueRow,
  type FulfilmentStaffStatus,
  fulfilmentStatusLabel,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Popconfirm, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { assignRequest, fulfilmentQueueQuery, moveRequest, type QueueFilter } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { formatCents } from "../catalogue/catalogue-model";
import { assignedOf, QueueFilterBar, useQueueFilters } from "./QueueFilters";
import { StateTag } from "./StateTag";

const STATUS_FILTERS = [
  { value: "open", label: "Waiting (paid or in progress)" },
  { value: "paid", label: "Paid" },
  { value: "in_progress", label: "In review or sent" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
  { value: "requested", label: "Requested (not paid)" },
  { value: "all", label: "All" },
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];
const FILTERS = ["status", "firm", "assigned"] as const;

const KIND_LABEL = { legal_review: "Legal review", hard_copy: "Hard copy" } as const;

/** The button that takes a request to a status, in the words of its kind. */
const moveLabel = (row: FulfilmentQueueRow, to: FulfilmentStaffStatus) =>
  to === "cancelled"
    ? "Cancel"
    : to === "completed"
      ? "Mark completed"
      : `Mark ${fulfilmentStatusLabel(row.kind, to).toLowerCase()}`;

/** Legal-review and hard-copy requests across firms: take one, move it on, see the customer. */
export function FulfilmentQueuePanel({ me }: { me: ConsoleSession["staff"] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useQueueFilters({ tab: "requests" }, FILTERS);
  const { page } = filters;
  const status = (STATUS_FILTERS.find((f) => f.value === filters.values.status)?.value ??
    "open") as StatusFilter;
  const assigned = assignedOf(filters.values.assigned);
  const firm = filters.values.firm;
  const filter: QueueFilter = {
    status,
    page,
    ...(firm ? { firm } : {}),
    ...(assigned ? { assigned } : {}),
  };
  const queue = useQuery(fulfilmentQueueQuery(filter));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "fulfilment"] });
  const onError = (error: Error) => void message.error(error.message);
  const assign = useMutation({
    mutationFn: ({ id, staffId }: { id: number; staffId: number | null }) => assignRequest(id, staffId),
    onSuccess: (row) => {
      void message.success(
        row.assignee
          ? `Request ${row.id} is now ${row.assignee.name}'s.`
          : `Request ${row.id} is unassigned.`,
      );
      void refresh();
    },
    onError,
  });
  const move = useMutation({
    mutationFn: ({ id, to }: { id: number; to: FulfilmentStaffStatus }) => moveRequest(id, to),
    onSuccess: (row) => {
      void message.success(`Request ${row.id} is now ${row.status_label.toLowerCase()}.`);
      void refresh();
    },
    onError,
  });

  const columns: ColumnsType<FulfilmentQueueRow> = [
    { title: "Request", dataIndex: "id", render: (id: number, row) => `${id} · ${KIND_LABEL[row.kind]}` },
    {
      title: "Status",
      dataIndex: "status_label",
      render: (label: string, row) => <StateTag good={row.status === "completed"}>{label}</StateTag>,
    },
    {
      title: "Customer",
      key: "customer",
      render: (_, row) => (
        <Flex vertical>
          <span>{row.customer_name || "—"}</span>
          <a href={`mailto:${row.customer_email}`}>{row.customer_email}</a>
        </Flex>
      ),
    },
    {
      title: "Document",
      key: "document",
      render: (_, row) => (
        <Flex vertical>
          <span>{row.doc_name}</span>
          <Typography.Text type="secondary">
            {row.firm_name || `Firm ${row.team_id}`} · order {row.order_id} · {formatCents(row.total)}
          </Typography.Text>
          {row.kind === "hard_copy" && row.address && (
            <Typography.Text type="secondary">
              {row.copies} {row.copies === 1 ? "copy" : "copies"}, {row.shipping_label}:{" "}
              {row.address.recipient}, {row.address.address_1}, {row.address.suburb} {row.address.state}{" "}
              {row.address.postcode}
            </Typography.Text>
          )}
          {row.note && <Typography.Text type="secondary">Note: {row.note}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: "Paid",
      dataIndex: "paid_at",
      render: (paid: string | null) => (paid ? formatInstant(paid, "D MMM YYYY h:mm a") : "—"),
    },
    { title: "Assigned to", key: "assignee", render: (_, row) => row.assignee?.name ?? "Nobody" },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Flex gap={6} wrap>
          {row.abilities.assign && row.assignee?.id !== me.id && (
            <Button size="small" onClick={() => assign.mutate({ id: row.id, staffId: me.id })}>
              Take request {row.id}
            </Button>
          )}
          {row.abilities.move_to.map((to) =>
            to === "cancelled" ? (
              <Popconfirm
                key={to}
                title={`Cancel request ${row.id}? Refund its order first.`}
                okText="Cancel request"
                cancelText="Keep it"
                onConfirm={() => move.mutate({ id: row.id, to })}
              >
                <Button size="small" danger>
                  Cancel request {row.id}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                key={to}
                size="small"
                type={to === "completed" ? "primary" : "default"}
                onClick={() => move.mutate({ id: row.id, to })}
              >
                {moveLabel(row, to)} ({row.id})
              </Button>
            ),
          )}
        </Flex>
      ),
    },
  ];

  if (queue.isError)
    return (
      <LoadError
        title="The requests could not be loaded"
        error={queue.error}
        onRetry={() => queue.refetch()}
      />
    );
  return (
    <Flex vertical gap={12}>
      <QueueFilterBar
        idPrefix="console-requests"
        firm={firm}
        assigned={assigned}
        onChange={(next) => filters.change(next)}
      >
        <Flex gap={8} align="center">
          <label htmlFor="console-status-filter">Show</label>
          <Select
            id="console-status-filter"
            value={status}
            options={STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            onChange={(value) => filters.change({ status: value })}
            style={{ minWidth: 240 }}
          />
        </Flex>
      </QueueFilterBar>
      <Table<FulfilmentQueueRow>
        rowKey="id"
        size="middle"
        loading={queue.isFetching}
        columns={columns}
        dataSource={queue.data?.rows ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: "No request here." }}
        pagination={{
          current: page,
          pageSize: 20,
          total: queue.data?.total_record ?? 0,
          showSizeChanger: false,
          onChange: filters.toPage,
        }}
      />
    </Flex>
  );
}
