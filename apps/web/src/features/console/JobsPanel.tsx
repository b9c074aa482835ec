import type { FailedJob } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Flex, Popconfirm, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { discardJob, failedJobsQuery, retryJob } from "../../api/console-queues";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { QueueFilterBar, useQueueFilters } from "./QueueFilters";
import "./queues.css";

const FILTERS = ["firm"] as const;
const when = (iso: string | null) => (iso ? formatInstant(iso, "D MMM YYYY h:mm:ss a") : "—");

/** What the queue kept of a job beyond its row: what it was given and when it ran. */
function JobDetails({ job }: { job: FailedJob }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: "created", label: "Queued", children: when(job.created_at) },
        { key: "started", label: "Last attempt began", children: when(job.started_at) },
        {
          key: "payload",
          label: "Payload",
          children: <code className="console__code">{JSON.stringify(job.payload)}</code>,
        },
      ]}
    />
  );
}

/** Background jobs that failed for good: their last error, and run once more or discard. */
export function JobsPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useQueueFilters({ tab: "queues", queue: "jobs" }, FILTERS);
  const { page } = filters;
  const firm = filters.values.firm;
  const failed = useQuery(failedJobsQuery({ page, ...(firm ? { firm } : {}) }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "jobs"] });
  const onError = (error: Error) => {
    void message.error(error.message);
    void refresh();
  };
  const retry = useMutation({
    mutationFn: retryJob,
    onSuccess: (job) => {
      void message.success(`Job ${job.id} will run once more now.`);
      void refresh();
    },
    onError,
  });
  const discard = useMutation({
    mutationFn: discardJob,
    onSuccess: (job) => {
      void message.success(`Job ${job.id} is discarded.`);
      void refresh();
    },
    onError,
  });

  const columns: ColumnsType<FailedJob> = [
    { title: "Job", key: "job", render: (_, job) => `${job.id} · ${job.name}` },
    { title: "Firm", dataIndex: "team_id", render: (teamId: number | null) => teamId ?? "—" },
    { title: "Attempts", key: "attempts", render: (_, job) => `${job.attempts} of ${job.max_attempts}` },
    { title: "Failed", dataIndex: "failed_at", render: when },
    {
      title: "Last error",
      dataIndex: "last_error",
      render: (error: string | null) => (
        <Typography.Text className="console__error">{error ?? "—"}</Typography.Text>
      ),
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, job) => (
        <Flex gap={6} wrap>
          {job.abilities.retry && (
            <Button size="small" type="primary" onClick={() => retry.mutate(job.id)}>
              Retry job {job.id}
            </Button>
          )}
          {job.abilities.discard && (
            <Popconfirm
              title={`Discard job ${job.id}? It will not run again.`}
              okText="Discard job"
              cancelText="Keep it"
              onConfirm={() => discard.mutate(job.id)}
            >
              <Button size="small" danger>
                Discard job {job.id}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  if (failed.isError)
    return (
      <LoadError
        title="The failed jobs could not be loaded"
        error={failed.error}
        onRetry={() => failed.refetch()}
      />
    );
  return (
    <Flex vertical gap={12}>
      <QueueFilterBar idPrefix="console-jobs" firm={firm} onChange={(next) => filters.change(next)} />
      <Typography.Paragraph>
        Jobs that failed on every attempt. A retry runs the job once more; the server's log has each attempt
        under the job's number.
      </Typography.Paragraph>
      <Table<FailedJob>
        rowKey="id"
        size="middle"
        loading={failed.isFetching}
        columns={columns}
        dataSource={failed.data?.rows ?? []}
        // An empty table scrolls nothing, and a scrolling region must be reachable by keyboard.
        scroll={failed.data?.rows.length ? { x: 1000 } : undefined}
        expandable={{ expandedRowRender: (job) => <JobDetails job={job} /> }}
        locale={{ emptyText: <span className="console__empty">No failed job.</span> }}
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
