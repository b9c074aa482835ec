import { type FailingIntegrationRow, INTEGRATION_PROBLEM_LABELS } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Checkbox, Flex, Form, Input, Modal, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { failingIntegrationsQuery, noteIntegration, retryIntegration } from "../../api/console-integrations";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { StateTag } from "./StateTag";
import "./queues.css";

const when = (iso: string | null) => (iso ? formatInstant(iso, "D MMM YYYY h:mm a") : "—");
const nameOf = (row: FailingIntegrationRow) =>
  row.kind === "connection" ? `${row.app_name} connection ${row.id}` : `${row.app_name} sync ${row.id}`;

/**
 * Firms' integrations failing: connections the app would not renew and documents not sent. A
 * retry asks the app again (or sends again); a note says what was done, and whether the firm was
 * contacted. The server decides which rows may be retried.
 */
export function IntegrationsPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const failing = useQuery(failingIntegrationsQuery(page));
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
          : `${nameOf(row)}: queued to be sent again.`,
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
        </Flex>
      ),
    },
    { title: "Since", dataIndex: "since", render: when },
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
      <Typography.Paragraph>
        A connection the app refused (its authorisation expired or was revoked) usually needs the person to
        connect the app again; a retry asks the app once more. A document not sent may be sent again while its
        person's connection works.
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
          onChange: (next) => setParams({ tab: "queues", queue: "integrations", page: String(next) }),
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
