import {
  ASIC_LODGEMENT_FORM_LABELS,
  ASIC_LODGEMENT_FORMS,
  type ConsoleSession,
  LODGEMENT_TROUBLE_LABELS,
  LODGEMENT_TROUBLES,
  type LodgementQueueRow,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import {
  assignLodgement,
  type LodgementFilter,
  lodgementsQuery,
  noteLodgement,
  retryLodgement,
} from "../../api/console-queues";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { assignedOf, QueueFilterBar, useQueueFilters } from "./QueueFilters";
import { StateTag } from "./StateTag";
import "./queues.css";

type Trouble = (typeof LODGEMENT_TROUBLES)[number];
type AsicForm = (typeof ASIC_LODGEMENT_FORMS)[number];
const FILTERS = ["trouble", "form", "firm", "assigned"] as const;
const when = (iso: string | null) => (iso ? formatInstant(iso, "D MMM YYYY h:mm a") : "—");

/** ASIC lodgements stuck, rejected or in manual review: retry where ASIC's rules allow, and notes. */
export function LodgementsPanel({ me }: { me: ConsoleSession["staff"] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useQueueFilters({ tab: "queues", queue: "lodgements" }, FILTERS);
  const { page } = filters;
  const trouble = LODGEMENT_TROUBLES.find((t) => t === filters.values.trouble);
  const asicForm = ASIC_LODGEMENT_FORMS.find((f) => f === filters.values.form);
  const assigned = assignedOf(filters.values.assigned);
  const firm = filters.values.firm;
  const filter: LodgementFilter = {
    page,
    ...(trouble ? { trouble } : {}),
    ...(asicForm ? { form: asicForm } : {}),
    ...(firm ? { firm } : {}),
    ...(assigned ? { assigned } : {}),
  };
  const lodgements = useQuery(lodgementsQuery(filter));
  const [noting, setNoting] = useState<LodgementQueueRow | null>(null);
  const [form] = Form.useForm<{ note: string }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "lodgements"] });
  const onError = (error: Error) => {
    void message.error(error.message);
    void refresh();
  };
  const retry = useMutation({
    mutationFn: retryLodgement,
    onSuccess: (row) => {
      void message.success(`Lodgement of document ${row.doc_id}: ${row.asic_status_name}.`);
      void refresh();
    },
    onError,
  });
  const assign = useMutation({
    mutationFn: ({ docId, staffId }: { docId: number; staffId: number | null }) =>
      assignLodgement(docId, staffId),
    onSuccess: (row) => {
      void message.success(
        row.assignee
          ? `Document ${row.doc_id}'s lodgement is now ${row.assignee.name}'s.`
          : `Document ${row.doc_id}'s lodgement is unassigned.`,
      );
      void refresh();
    },
    onError,
  });
  const note = useMutation({
    mutationFn: ({ docId, text }: { docId: number; text: string }) => noteLodgement(docId, text),
    onSuccess: (row) => {
      void message.success(`Note added to document ${row.doc_id}'s lodgement.`);
      setNoting(null);
      form.resetFields();
      void refresh();
    },
    onError,
  });

  const columns: ColumnsType<LodgementQueueRow> = [
    {
      title: "Document",
      key: "doc",
      render: (_, row) => (
        <Flex vertical>
          <span>
            {row.doc_id} · {row.company_name ?? "No name (ACN as name)"}
          </span>
          <Typography.Text type="secondary">
            {row.firm_name || `Firm ${row.team_id}`} · {row.form_label}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Status",
      key: "status",
      render: (_, row) => (
        <Flex vertical gap={4}>
          <StateTag good={false}>{row.asic_status_name}</StateTag>
          <span>{LODGEMENT_TROUBLE_LABELS[row.trouble]}</span>
        </Flex>
      ),
    },
    { title: "Lodgement", dataIndex: "lodgement_number", render: (n: string | null) => n ?? "Not confirmed" },
    { title: "Lodged", dataIndex: "lodged_at", render: when },
    { title: "Assigned to", key: "assignee", render: (_, row) => row.assignee?.name ?? "Nobody" },
    {
      title: "Notes",
      key: "notes",
      render: (_, row) =>
        row.notes.length === 0 ? (
          "—"
        ) : (
          <Flex vertical>
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
            <Button size="small" onClick={() => assign.mutate({ docId: row.doc_id, staffId: me.id })}>
              Take lodgement {row.doc_id}
            </Button>
          )}
          {row.abilities.assign && row.assignee && (
            <Button size="small" onClick={() => assign.mutate({ docId: row.doc_id, staffId: null })}>
              Unassign lodgement {row.doc_id}
            </Button>
          )}
          {row.abilities.retry && (
            <Button size="small" type="primary" onClick={() => retry.mutate(row.doc_id)}>
              Retry lodgement {row.doc_id}
            </Button>
          )}
          {row.abilities.note && (
            <Button size="small" onClick={() => setNoting(row)}>
              Add note ({row.doc_id})
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  if (lodgements.isError)
    return (
      <LoadError
        title="The lodgements could not be loaded"
        error={lodgements.error}
        onRetry={() => lodgements.refetch()}
      />
    );
  return (
    <Flex vertical gap={12}>
      <QueueFilterBar
        idPrefix="console-lodgements"
        firm={firm}
        assigned={assigned}
        onChange={(next) => filters.change(next)}
      >
        <Flex gap={8} align="center">
          <label htmlFor="console-trouble-filter">Show</label>
          <Select<Trouble | "all">
            id="console-trouble-filter"
            value={trouble ?? "all"}
            options={[
              { value: "all", label: "All that need a person" },
              ...LODGEMENT_TROUBLES.map((t) => ({ value: t, label: LODGEMENT_TROUBLE_LABELS[t] })),
            ]}
            onChange={(value) => filters.change({ trouble: value === "all" ? undefined : value })}
            style={{ minWidth: 240 }}
          />
        </Flex>
        <Flex gap={8} align="center">
          <label htmlFor="console-form-filter">ASIC form</label>
          <Select<AsicForm | "all">
            id="console-form-filter"
            value={asicForm ?? "all"}
            options={[
              { value: "all", label: "Any form" },
              ...ASIC_LODGEMENT_FORMS.map((f) => ({ value: f, label: ASIC_LODGEMENT_FORM_LABELS[f] })),
            ]}
            onChange={(value) => filters.change({ form: value === "all" ? undefined : value })}
            style={{ minWidth: 220 }}
          />
        </Flex>
      </QueueFilterBar>
      <Typography.Paragraph>
        A lodgement still in progress may be retried: ASIC is asked for it by its own reference, so it is
        never lodged twice. A rejected one is the firm's to correct and submit again.
      </Typography.Paragraph>
      <Table<LodgementQueueRow>
        rowKey="doc_id"
        size="middle"
        loading={lodgements.isFetching}
        columns={columns}
        dataSource={lodgements.data?.rows ?? []}
        // An empty table scrolls nothing, and a scrolling region must be reachable by keyboard.
        scroll={lodgements.data?.rows.length ? { x: 1000 } : undefined}
        locale={{ emptyText: <span className="console__empty">No lodgement needs a person.</span> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: lodgements.data?.total_record ?? 0,
          showSizeChanger: false,
          onChange: filters.toPage,
        }}
      />
      <Modal
        open={noting !== null}
        title={noting ? `Note on document ${noting.doc_id}'s lodgement` : "Note"}
        okText="Add note"
        confirmLoading={note.isPending}
        onOk={() => form.submit()}
        onCancel={() => setNoting(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => noting && note.mutate({ docId: noting.doc_id, text: values.note })}
        >
          <Form.Item
            name="note"
            label="Note"
            rules={[{ required: true, whitespace: true, message: "Write a note" }]}
          >
            <Input.TextArea autoFocus rows={4} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
