import { LODGEMENT_TROUBLE_LABELS, LODGEMENT_TROUBLES, type LodgementQueueRow } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  type LodgementFilter,
  lodgementsQuery,
  noteLodgement,
  retryLodgement,
} from "../../api/console-queues";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { StateTag } from "./StateTag";
import "./queues.css";

type Trouble = (typeof LODGEMENT_TROUBLES)[number];
const when = (iso: string | null) => (iso ? formatInstant(iso, "D MMM YYYY h:mm a") : "—");

/** ASIC lodgements stuck, rejected or in manual review: retry where ASIC's rules allow, and notes. */
export function LodgementsPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const trouble = LODGEMENT_TROUBLES.find((t) => t === params.get("trouble"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const filter: LodgementFilter = { page, ...(trouble ? { trouble } : {}) };
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
          <Typography.Text type="secondary">Firm {row.team_id}</Typography.Text>
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
      <Flex gap={8} align="center" wrap>
        <label htmlFor="console-trouble-filter">Show</label>
        <Select<Trouble | "all">
          id="console-trouble-filter"
          value={trouble ?? "all"}
          options={[
            { value: "all", label: "All that need a person" },
            ...LODGEMENT_TROUBLES.map((t) => ({ value: t, label: LODGEMENT_TROUBLE_LABELS[t] })),
          ]}
          onChange={(value) =>
            setParams(
              { tab: "queues", queue: "lodgements", ...(value === "all" ? {} : { trouble: value }) },
              { replace: true },
            )
          }
          style={{ minWidth: 240 }}
        />
      </Flex>
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
          onChange: (next) =>
            setParams({
              tab: "queues",
              queue: "lodgements",
              ...(trouble ? { trouble } : {}),
              page: String(next),
            }),
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
