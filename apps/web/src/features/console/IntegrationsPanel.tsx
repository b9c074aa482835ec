import {
  type ConsoleSession,
  type FailingIntegrationRow,
  INTEGRATION_APPS,
  INTEGRATION_PROBLEM_LABELS,
  INTEGRATION_PROBLEMS,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Checkbox, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import {
  assignIntegration,
  failingIntegrationsQuery,
  type IntegrationFilter,
  noteIntegration,
  retryIntegration,
} from "../../api/console-integrations";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { assignedOf, QueueFilterBar, useQueueFilters } from "./QueueFilters";
import { StateTag } from "./StateTag";
import "./queues.css";

const when = (iso: string | null) => (iso ? formatInstant(iso, "D MMM YYYY h:mm a") : "—");
const nameOf = (row: FailingIntegrationRow) => `${row.app_name} ${row.kind} ${row.id}`;
type Problem = (typeof INTEGRATION_PROBLEMS)[number];
type AppSlug = (typeof INTEGRATION_APPS)[number]["slug"];
const FILTERS = ["problem", "app", "firm", "assigned"] as const;

/**
 * Firms' integrations failing: connections the app would not renew and documents not sent. A
 * retry asks the app again (or sends again); a note says what was done, and whether the firm was
 * contacted. The server decides which rows may be retried.
 */
export function IntegrationsPanel({ me }: { me: ConsoleSession["staff"] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useQueueFilters({ tab: "queues", queue: "integrations" }, FILTERS);
  const { page } = filters;
  const problem = INTEGRATION_PROBLEMS.find((p) => p === filters.values.problem);
  const app = INTEGRATION_APPS.find((a) => a.slug === filters.values.app)?.slug;
  const assigned = assignedOf(filters.values.assigned);
  const firm = filters.values.firm;
  const filter: IntegrationFilter = {
    page,
    ...(problem ? { problem } : {}),
    ...(app ? { app } : {}),
    ...(firm ? { firm } : {}),
    ...(assigned ? { assigned } : {}),
  };
  const failing = useQuery(failingIntegrationsQuery(filter));
  const [noting, setNoting] = useState<FailingIntegrationRow | null>(null);
  const [form] = Form.useForm<{ note: string; contacted: boolean }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "integrations"] });
  const onError = (error: Error) => {
    void message.error(error.message);
    void refresh();
  };
  const retry = useMutation({
    mutationFn: (row: FailingIntegrationRow) => retryIntegration(row.kind, row.id),
    onSuccess: (done, row) => {
      void message.success(
        done.outcome === "renewed"
          ? `${nameOf(row)}: renewed, working again.`
          : row.kind === "import"
            ? `${nameOf(row)}: queued to be tried again. If ${row.app_name} answers, ${row.person.name || row.person.email} is emailed a link to import it in the interview.`
            : `${nameOf(row)}: queued to be sent again.`,
      );
      void refresh();
    },
    onError,
  });
  const assign = useMutation({
    mutationFn: ({ row, staffId }: { row: FailingIntegrationRow; staffId: number | null }) =>
      assignIntegration(row.kind, row.id, staffId),
    onSuccess: (row) => {
      void message.success(
        row.assignee ? `${nameOf(row)} is now ${row.assignee.name}'s.` : `${nameOf(row)} is unassigned.`,
      );
      void refresh();
    },
    onError,
  });
  const note = useMutation({
    mutationFn: ({
      row,
      values,
    }: {
      row: FailingIntegrationRow;
      values: { note: string; contacted: boolean };
    }) => noteIntegration(row.kind, row.id, { note: values.note, contacted: values.contacted === true }),
    onSuccess: (row) => {
      void message.success(`Note added to ${nameOf(row)}.`);
      setNoting(null);
      form.resetFields();
      void refresh();
    },
    onError,
  });

  const columns: ColumnsType<FailingIntegrationRow> = [
    {
      title: "Firm",
      key: "firm",
      render: (_, row) => (
        <Flex vertical>
          <span>{row.firm.name || `Firm ${row.firm.id}`}</span>
          <Typography.Text type="secondary">
            {row.person.name} ({row.person.email})
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "App",
      key: "app",
      render: (_, row) => (
        <Flex vertical gap={4}>
          <span>{row.app_name}</span>
          <StateTag good={false}>{INTEGRATION_PROBLEM_LABELS[row.problem]}</StateTag>
          {row.file_name && (
            <Typography.Text type="secondary">
              {row.file_name} (document {row.doc_id}, {row.attempts} attempts)
            </Typography.Text>
          )}
          {row.what && (
            <Typography.Text type="secondary">
              {row.what} (document {row.doc_id}, {row.attempts} {row.attempts === 1 ? "attempt" : "attempts"})
            </Typography.Text>
          )}
          {row.kind === "import" && (
            <Typography.Text type="secondary">
              A retry that works emails {row.person.name || row.person.email} a link to import it in the
              interview; nothing is written into the document for them.
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: "Since", dataIndex: "since", render: when },
    { title: "Assigned to", key: "assignee", render: (_, row) => row.assignee?.name ?? "Nobody" },
    {
      title: "Last error",
      dataIndex: "last_error",
      render: (error: string) => <Typography.Text className="console__error">{error}</Typography.Text>,
    },
    {
      title: "Notes",
      key: "notes",
      render: (_, row) =>
        row.notes.length === 0 ? (
          "—"
        ) : (
          <Flex vertical>
            {row.contacted_at && <StateTag good>Contacted {when(row.contacted_at)}</StateTag>}
            {row.notes.map((n) => (
              <Typography.Text key={`${n.at}-${n.note}`} className="console__error">
                {n.note} ({n.staff_name}, {when(n.at)})
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Flex gap={6} wrap>
          {row.abilities.assign && row.assignee?.id !== me.id && (
            <Button size="small" onClick={() => assign.mutate({ row, staffId: me.id })}>
              Take {nameOf(row)}
            </Button>
          )}
          {row.abilities.assign && row.assignee && (
            <Button size="small" onClick={() => assign.mutate({ row, staffId: null })}>
              Unassign {nameOf(row)}
            </Button>
          )}
          {row.abilities.retry && (
            <Button
              size="small"
              type="primary"
              loading={retry.isPending && retry.variables === row}
              onClick={() => retry.mutate(row)}
            >
              Retry {nameOf(row)}
            </Button>
          )}
          {row.abilities.note && (
            <Button size="small" onClick={() => setNoting(row)}>
              Add note ({nameOf(row)})
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  if (failing.isError)
    return (
      <LoadError
        title="The failing integrations could not be loaded"
        error={failing.error}
        onRetry={() => failing.refetch()}
      />
    );
  return (
    <Flex vertical gap={12}>
      <QueueFilterBar
        idPrefix="console-integrations"
        firm={firm}
        assigned={assigned}
        onChange={(next) => filters.change(next)}
      >
        <Flex gap={8} align="center">
          <label htmlFor="console-problem-filter">Show</label>
          <Select<Problem | "all">
            id="console-problem-filter"
            value={problem ?? "all"}
            options={[
              { value: "all", label: "Everything failing" },
              ...INTEGRATION_PROBLEMS.map((p) => ({ value: p, label: INTEGRATION_PROBLEM_LABELS[p] })),
            ]}
            onChange={(value) => filters.change({ problem: value === "all" ? undefined : value })}
            style={{ minWidth: 240 }}
          />
        </Flex>
        <Flex gap={8} align="center">
          <label htmlFor="console-app-filter">App</label>
          <Select<AppSlug | "all">
            id="console-app-filter"
            value={app ?? "all"}
            options={[
              { value: "all", label: "Any app" },
              ...INTEGRATION_APPS.map((a) => ({ value: a.slug, label: a.name })),
            ]}
            onChange={(value) => filters.change({ app: value === "all" ? undefined : value })}
            style={{ minWidth: 160 }}
          />
        </Flex>
      </QueueFilterBar>
      <Typography.Paragraph>
        A connection the app refused (its authorisation expired or was revoked) usually needs the person to
        connect the app again; a retry asks the app once more. A document not sent, or a client's data not
        imported, may be tried again while its person's connection works. A client's data is never put into a
        document for its person: when the app answers a retried import, the person is emailed a link to the
        document's interview to import it themselves.
      </Typography.Paragraph>
      <Table<FailingIntegrationRow>
        rowKey={(row) => `${row.kind}-${row.id}`}
        size="middle"
        loading={failing.isFetching}
        columns={columns}
        dataSource={failing.data?.rows ?? []}
        // An empty table scrolls nothing, and a scrolling region must be reachable by keyboard.
        scroll={failing.data?.rows.length ? { x: 1100 } : undefined}
        locale={{ emptyText: <span className="console__empty">No integration is failing.</span> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: failing.data?.total_record ?? 0,
          showSizeChanger: false,
          onChange: filters.toPage,
        }}
      />
      <Modal
        open={noting !== null}
        title={noting ? `Note on ${nameOf(noting)}` : "Note"}
        okText="Add note"
        confirmLoading={note.isPending}
        onOk={() => form.submit()}
        onCancel={() => setNoting(null)}
        // autoFocus alone was now and then undone by the dialog's focus lock settling after the
        // field mounted, so words typed at once went nowhere: the field is focused again once open.
        afterOpenChange={(open) => open && form.getFieldInstance("note")?.focus()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ contacted: false }}
          onFinish={(values) => noting && note.mutate({ row: noting, values })}
        >
          <Form.Item
            name="note"
            label="Note"
            rules={[{ required: true, whitespace: true, message: "Write a note" }]}
          >
            <Input.TextArea autoFocus rows={4} maxLength={2000} />
          </Form.Item>
          <Form.Item name="contacted" valuePropName="checked">
            <Checkbox>The firm was contacted about it</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
