import { AnnouncementRequest, type ConsoleAnnouncement } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Checkbox, Flex, Form, Input, Modal, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import {
  type AnnouncementBody,
  announcementsQuery,
  createAnnouncement,
  editAnnouncement,
  publishAnnouncement,
} from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatInstant, fromSydneyInput, toSydneyInput } from "../../dates";
import { StateTag } from "./StateTag";

const WHEN = "D MMM YYYY, h:mm a";

const stateOf = (row: ConsoleAnnouncement) =>
  !row.published
    ? "Draft"
    : row.in_force
      ? "Shown now"
      : Date.parse(row.starts_at) > Date.now()
        ? "Scheduled"
        : "Ended";

/**
 * Announcements (issue 37 item 4): written as drafts, published and withdrawn, each shown to
 * signed-in people from its start until its end (Sydney time). The newest shown one wins.
 */
export function AnnouncementsPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery(announcementsQuery());
  const [editing, setEditing] = useState<ConsoleAnnouncement | "new" | null>(null);
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => publishAnnouncement(id, published),
    onSuccess: (row) => {
      void message.success(row.published ? "Published." : "Withdrawn.");
      void queryClient.invalidateQueries({ queryKey: ["console", "announcements"] });
    },
    onError: (error: Error) => void message.error(error.message),
  });

  if (list.isError)
    return (
      <LoadError
        title="The announcements could not be loaded"
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );

  const columns: ColumnsType<ConsoleAnnouncement> = [
    {
      title: "Announcement",
      dataIndex: "content",
      render: (content: string, row) => (
        <Flex vertical>
          <span>{content}</span>
          {row.url && <Typography.Text type="secondary">{row.url}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: "Shown",
      key: "window",
      render: (_, row) =>
        `From ${formatInstant(row.starts_at, WHEN)}${row.ends_at ? ` until ${formatInstant(row.ends_at, WHEN)}` : ""}`,
    },
    {
      title: "State",
      key: "state",
      render: (_, row) => <StateTag good={row.in_force}>{stateOf(row)}</StateTag>,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Flex gap={8} wrap>
          <Button onClick={() => setEditing(row)} aria-label={`Edit: ${row.content}`}>
            Edit
          </Button>
          <Button
            onClick={() => publish.mutate({ id: row.id, published: !row.published })}
            aria-label={`${row.published ? "Withdraw" : "Publish"}: ${row.content}`}
          >
            {row.published ? "Withdraw" : "Publish"}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button type="primary" onClick={() => setEditing("new")}>
          New announcement
        </Button>
      </Flex>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Announcements">
        <Table<ConsoleAnnouncement>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          style={{ minWidth: 760 }}
          pagination={false}
          locale={{ emptyText: "No announcements yet." }}
        />
      </section>
      {editing && (
        <AnnouncementDialog
          announcement={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

type Values = { content: string; url: string; starts_at: string; ends_at: string; published: boolean };

function AnnouncementDialog({
  announcement,
  onClose,
}: {
  announcement: ConsoleAnnouncement | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (body: AnnouncementBody) =>
      announcement ? editAnnouncement(announcement.id, body) : createAnnouncement(body),
    onSuccess: () => {
      void message.success("Announcement saved.");
      void queryClient.invalidateQueries({ queryKey: ["console", "announcements"] });
      onClose();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const submit = (values: Values) => {
    const body = {
      content: values.content ?? "",
      url: values.url?.trim() ? values.url.trim() : null,
      starts_at: values.starts_at ? fromSydneyInput(values.starts_at) : "",
      ends_at: values.ends_at ? fromSydneyInput(values.ends_at) : null,
      published: values.published ?? false,
    };
    // Checked here with the server's own schema, so a mistake is shown on its field at once.
    const checked = AnnouncementRequest.safeParse(body);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((issue) => ({
          name: issue.path[0] as keyof Values,
          errors: [issue.message],
        })),
      );
      return;
    }
    save.mutate(body);
  };
  return (
    <Modal
      title={announcement ? "Edit announcement" : "New announcement"}
      open
      onCancel={onClose}
      okText="Save announcement"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          content: announcement?.content ?? "",
          url: announcement?.url ?? "",
          starts_at: toSydneyInput(announcement?.starts_at ?? new Date().toISOString()),
          ends_at: announcement?.ends_at ? toSydneyInput(announcement.ends_at) : "",
          published: announcement?.published ?? false,
        }}
        onFinish={submit}
      >
        <Form.Item label="Announcement" name="content">
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
        <Form.Item label="Link (https://…, optional)" name="url">
          <Input inputMode="url" />
        </Form.Item>
        <Form.Item label="Shown from (Sydney time)" name="starts_at">
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label="Shown until (Sydney time, optional)" name="ends_at">
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="published" valuePropName="checked">
          <Checkbox>Published</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
