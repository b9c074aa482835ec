import type { FailedMailRow } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Input, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { failedMailQuery, retryMail } from "../../api/console-queues";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { useQueueFilters } from "./QueueFilters";
import "./queues.css";

const FILTERS = ["to"] as const;

/** Mail whose every attempt failed: who it was for, what, why; and send it again. */
export function MailPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useQueueFilters({ tab: "queues", queue: "mail" }, FILTERS);
  const { page } = filters;
  const to = filters.values.to;
  const failed = useQuery(failedMailQuery({ page, ...(to ? { to } : {}) }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "mail"] });
  const retry = useMutation({
    mutationFn: retryMail,
    onSuccess: (mail) => {
      void message.success(`Mail ${mail.id} will be sent again now.`);
      void refresh();
    },
    onError: (error: Error) => {
      void message.error(error.message);
      void refresh();
    },
  });

  const columns: ColumnsType<FailedMailRow> = [
    { title: "Mail", dataIndex: "id" },
    { title: "To", dataIndex: "to" },
    { title: "Subject", dataIndex: "subject" },
    { title: "Attempts", dataIndex: "attempts" },
    {
      title: "Last error",
      dataIndex: "last_error",
      render: (error: string | null) => (
        <Typography.Text className="console__error">{error ?? "—"}</Typography.Text>
      ),
    },
    {
      title: "Written",
      dataIndex: "created_at",
      render: (iso: string) => formatInstant(iso, "D MMM YYYY h:mm a"),
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, mail) =>
        mail.abilities.retry ? (
          <Button size="small" type="primary" onClick={() => retry.mutate(mail.id)}>
            Send mail {mail.id} again
          </Button>
        ) : mail.body_pruned ? (
          <Typography.Text type="secondary">Body removed (past retention)</Typography.Text>
        ) : null,
    },
  ];

  if (failed.isError)
    return (
      <LoadError
        title="The undelivered mail could not be loaded"
        error={failed.error}
        onRetry={() => failed.refetch()}
      />
    );
  return (
    <Flex vertical gap={12}>
      {/* Mail belongs to no firm: it is found by its recipient. */}
      <Flex gap={8} align="center" wrap className="console__filters">
        <label htmlFor="console-mail-to">Recipient</label>
        <Input.Search
          key={to ?? ""}
          id="console-mail-to"
          defaultValue={to}
          placeholder="Part of the address"
          allowClear
          maxLength={200}
          enterButton="Filter"
          onSearch={(value) => filters.change({ to: value.trim() || undefined })}
          style={{ width: 280, maxWidth: "100%" }}
        />
      </Flex>
      <Typography.Paragraph>
        Mail that failed on every attempt. Sending again starts a fresh round of attempts.
      </Typography.Paragraph>
      <Table<FailedMailRow>
        rowKey="id"
        size="middle"
        loading={failed.isFetching}
        columns={columns}
        dataSource={failed.data?.rows ?? []}
        // An empty table scrolls nothing, and a scrolling region must be reachable by keyboard.
        scroll={failed.data?.rows.length ? { x: 1000 } : undefined}
        locale={{ emptyText: <span className="console__empty">No undelivered mail.</span> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: failed.data?.total_record ?? 0,
          showSizeChanger: false,
          onChange: filters.toPage,
        }}
      />
    </Flex>
  );
}
